"""Strings of the overview (home) page."""

STRINGS = {
    "nav.overview": {"zh": "概览", "en": "Overview"},
    "nav.section.start": {"zh": "开始", "en": "Start"},
    "nav.section.geometry": {"zh": "几何", "en": "Geometry"},
    "nav.section.family": {"zh": "家族与模型", "en": "Family and models"},
    "nav.section.numerics": {"zh": "数值与代价", "en": "Numerics and cost"},
    "nav.section.classroom": {"zh": "课堂", "en": "Classroom"},
    "overview.title": {"zh": "归一化就是投影", "en": "Normalization is a projection"},
    "overview.intro": {
        "zh": "LayerNorm、RMSNorm 和 L2 归一化都把向量送到一个固定的集合上（下面的半径都按 ε = 0、γ = 1、β = 0 计）："
        "L2 送到单位球面，RMSNorm 送到半径 √n 的球面，二者都只是沿 x 所在的射线缩放，x 的方向不变。"
        "LayerNorm 先去掉沿 𝟏 = (1, …, 1) 的分量 μ·𝟏，落到零均值超平面上，再缩放到同一个 √n 球面：保留的是 x − μ·𝟏 的方向，"
        "而不是 x 本身的方向。归一化之后能携带信息的只剩方向；长度（LayerNorm 还有整体偏移 μ）已经丢掉了。",
        "en": "LayerNorm, RMSNorm and L2 normalization all send a vector onto a fixed set (radii below at ε = 0, "
        "γ = 1, β = 0): L2 onto the unit sphere and RMSNorm onto the sphere of radius √n, both by rescaling along "
        "the ray through x, so the direction of x is kept. LayerNorm first removes the component μ·𝟏 along "
        "𝟏 = (1, …, 1), landing on the zero-mean hyperplane, and then rescales onto the same √n sphere: it keeps the "
        "direction of x − μ·𝟏, not that of x. After normalizing, only a direction is left to carry information; the "
        "length (and, for LayerNorm, the common offset μ) is gone.",
    },
    "overview.col.method": {"zh": "方法", "en": "method"},
    "overview.col.formula": {"zh": "公式", "en": "formula"},
    "overview.col.target": {"zh": "输出落在（ε = 0，γ = 1，β = 0）", "en": "outputs lie on (ε = 0, γ = 1, β = 0)"},
    "overview.col.removes": {"zh": "去掉了", "en": "removes"},
    "overview.col.dof": {"zh": "剩余自由度（n = {dims}）", "en": "degrees of freedom left (n = {dims})"},
    "overview.col.invariant": {"zh": "不受影响的变换（ε = 0）", "en": "unchanged by (ε = 0)"},
    "overview.removes.length": {"zh": "长度", "en": "the length"},
    "overview.removes.offset": {"zh": "公共偏移 μ·𝟏", "en": "the common offset μ·𝟏"},
    "overview.target.l2": {"zh": "单位球面 ‖y‖ = 1", "en": "the unit sphere ‖y‖ = 1"},
    "overview.target.rms": {"zh": "半径 √n 的球面", "en": "the sphere of radius √n"},
    "overview.target.ln": {
        "zh": "零均值超平面 ∩ √n 球面（均值 0、有偏方差 1）",
        "en": "zero-mean hyperplane ∩ √n sphere (mean 0, biased variance 1)",
    },
    "overview.invariant.l2": {"zh": "x → a·x（a > 0）", "en": "x → a·x (a > 0)"},
    "overview.invariant.rms": {"zh": "x → a·x（a > 0）", "en": "x → a·x (a > 0)"},
    "overview.invariant.ln": {"zh": "x → a·x + c·𝟏（a > 0）", "en": "x → a·x + c·𝟏 (a > 0)"},
    "overview.variance": {
        "zh": "μ = (1/n)·Σxᵢ 是均值，σ² = (1/n)·Σ(xᵢ − μ)² 是有偏方差（除以 n，和 torch.nn.LayerNorm 一样）。"
        "半径 √n 只在 ε = 0、γ = 1、β = 0 时成立；若改用无偏方差（除以 n − 1，torch.std 的默认做法，"
        "也是 np.std 取 ddof=1 时的做法），半径会变成 √(n − 1)。ε > 0 时 RMSNorm 和 LayerNorm 的输出比 √n 短一些，"
        "x 的 RMS（对 LayerNorm 是 σ）和 √ε 相比越小，差得越多。",
        "en": "μ = (1/n)·Σxᵢ is the mean and σ² = (1/n)·Σ(xᵢ − μ)² the biased variance (divided by n, as in "
        "torch.nn.LayerNorm). The radius √n holds only at ε = 0, γ = 1, β = 0; with the unbiased variance (divided by "
        "n − 1, what torch.std does by default and np.std does with ddof=1) it would be √(n − 1). With ε > 0 the "
        "RMSNorm and LayerNorm outputs fall short of √n, the more so the smaller the RMS of x (for LayerNorm, σ) is "
        "compared with √ε.",
    },
    "overview.standardize": {
        "zh": "均值 0、方差 1 只是 n 个输出分量满足的两个方程，并不会让这些分量服从标准正态分布："
        "LayerNorm 对各分量做的是同一个平移加缩放，分量的直方图保持输入原来的形状，只是被移动、拉伸了。",
        "en": "Mean 0 and variance 1 are two equations that the n output components satisfy, nothing more; they do "
        "not make the components follow a standard normal distribution. LayerNorm shifts and scales all components "
        "alike, so their histogram keeps the shape of the input's, only moved and stretched.",
    },
    "overview.examples": {
        "zh": "几个算出来的例子（ε = 0，本次后端：{backend}）",
        "en": "Worked examples (ε = 0, computed with {backend})",
    },
    "overview.col.input": {"zh": "输入 x", "en": "input x"},
    "overview.examples.note": {
        "zh": "(3, 4) 与 (6, 8) 方向相同，三种方法都把它们送到同一点；(4, 3) 方向不同，三种方法下都和 (3, 4) 分开"
        "（LayerNorm 把它送到 (1, −1)）。(1, 2, 3) 的每个分量都加 100 后，RMSNorm 的输出几乎成了常数向量，"
        "LayerNorm 的输出则一点没变：LayerNorm 对平移 c·𝟏 的不变性在任何 ε 下都成立，对缩放的不变性只在 ε = 0 时精确成立。",
        "en": "(3, 4) and (6, 8) point the same way, so every method sends them to one point; (4, 3) points "
        "elsewhere and stays apart from (3, 4) under all three (LayerNorm sends it to (1, −1)). Adding 100 to every "
        "component of (1, 2, 3) makes the RMSNorm output nearly constant, while the LayerNorm output does not move "
        "at all: LayerNorm's invariance to a shift c·𝟏 holds for any ε, its invariance to scaling exactly only at ε = 0.",
    },
    "overview.pages": {"zh": "各页内容", "en": "The pages"},
    "overview.access.header": {"zh": "无障碍声明", "en": "Accessibility statement"},
    "overview.access.body": {
        "zh": "目标：每一页、两种语言都符合 WCAG 2.2 AA。每次 `make test` 都在 Chromium 里检查：axe-core 4.12.1 "
        "审查每一页（中文和英文，320 px 手机宽度和投影仪模式），应用自己的内容不允许有严重问题；"
        "只用键盘走完平面、空间和课程三页（Tab 到图上，方向键移动 x，地址、图和朗读内容随之改变，播放与暂停是按钮）；"
        "读取浏览器的无障碍树，检查每个可聚焦元素都有角色和本页语言的名字；"
        "系统要求减少动态效果时动画不自动播放，按阶段跳转；文字放大到 200 % 时没有文字被截断。"
        "图中的颜色与背景的对比度至少 3:1，文字至少 4.5:1。",
        "en": "The goal is WCAG 2.2 AA on every page, in both languages. Every `make test` checks it in Chromium: "
        "axe-core 4.12.1 audits every page (in Chinese and English, at a phone's 320 px and in projector mode) "
        "and allows no serious finding in the app's own content; a keyboard-only walk of the plane, the space "
        "and the lesson (Tab to the chart, the arrow keys move x, and the address, the figure and what a "
        "screen reader hears follow; Play and Pause are buttons); the browser's accessibility tree, in which "
        "every focusable element has a role and a name in the page's language; with reduced motion asked for, "
        "nothing plays by itself and Play goes stage by stage; at 200 % text size no text is cut off. Colours "
        "in the figures reach 3:1 against the background, text 4.5:1.",
    },
    "overview.access.exceptions": {
        "zh": "已知例外（属于 Streamlit，本应用不修改它的代码）：侧栏导航的列表标记不符合 axe 的 list / listitem "
        '规则；Streamlit 总是写 `<html lang="en">`（streamlit#15726），本应用每次运行都改成本页的语言；'
        "Streamlit 的帮助按钮、标题锚点和 plotly 的工具栏按钮只有英文名字。",
        "en": "Known exceptions (Streamlit's, whose code the app does not change): the sidebar navigation's list "
        'markup fails axe\'s list and listitem rules; Streamlit always writes `<html lang="en">` '
        "(streamlit#15726), which the app sets to the page's language on every run; Streamlit's help buttons "
        "and heading anchors and plotly's tool bar have English names only.",
    },
    "overview.access.report": {
        "zh": "遇到障碍？请在本项目的代码仓库里提一个 issue，写明页面、语言、浏览器和所用的辅助技术。",
        "en": "Found a barrier? Open an issue in the project's repository, naming the page, the language, the "
        "browser and the assistive technology you use.",
    },
    "overview.page.plane": {
        "zh": "二维：拖动向量，看三种投影和动画，调 ε、γ、β。",
        "en": "Two dimensions: drag a vector, watch the three projections animate, adjust ε, γ and β.",
    },
}
