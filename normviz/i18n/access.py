"""Strings of the app-wide access features: projector layout, figure descriptions, links, exports."""

STRINGS = {
    "zoom.fit": {"zh": "适配", "en": "fit"},
    "proj.trace.x_offscreen": {"zh": "x 在视野外（箭头指向它）", "en": "x outside the view (the arrow points to it)"},
    "access.controls": {"zh": "控件", "en": "Controls"},
    "access.about": {"zh": "关于本页", "en": "About this page"},
    "access.controls.page": {"zh": "整页的控件", "en": "Controls of the whole page"},
    "access.describe.header": {"zh": "图的文字描述", "en": "Figure description"},
    "access.fullscreen": {
        "zh": "全屏显示这张图（再按一次还原）",
        "en": "Show this figure full screen (press again to restore it)",
    },
    # a generic figure
    "access.describe.title": {"zh": "图：{title}。", "en": "Figure: {title}."},
    "access.describe.untitled": {"zh": "图（无标题）。", "en": "Figure (untitled)."},
    "access.describe.axes2d": {"zh": "横轴：{x}；纵轴：{y}。", "en": "Horizontal axis: {x}; vertical axis: {y}."},
    "access.describe.axes3d": {"zh": "三维坐标轴：{x}、{y}、{z}。", "en": "Three axes: {x}, {y}, {z}."},
    "access.describe.traces": {"zh": "共 {count} 组图形：{names}。", "en": "{count} traces: {names}."},
    "access.describe.points": {"zh": "{name}（{count} 个点）", "en": "{name} ({count} points)"},
    "access.describe.frames": {"zh": "含 {count} 帧动画。", "en": "An animation of {count} frames."},
    "access.describe.unnamed": {"zh": "未命名", "en": "unnamed"},
    "access.describe.none": {"zh": "无", "en": "none"},
    # the projection scene
    "access.describe.plane": {
        "zh": "平面上的投影图：坐标轴从 {low} 到 {high}。图中有半径 1 的单位圆（L2 的目标）、半径 √2 的圆（RMSNorm 的目标），"
        "直线 x₁ + x₂ = 0 上是 LayerNorm 的输出。",
        "en": "The projection on the plane, axes from {low} to {high}. The unit circle (L2's target), the circle "
        "of radius √2 (RMSNorm's), and the line x₁ + x₂ = 0 where LayerNorm's outputs lie.",
    },
    "access.describe.space": {
        "zh": "三维空间中的投影图：每个坐标轴从 {low} 到 {high}。半径 1 的单位球（L2 的目标）、半径 √3 的球（RMSNorm 的目标），"
        "以及平面 x₁ + x₂ + x₃ = 0 上 LayerNorm 能到达的圆。",
        "en": "The projection in space, each axis from {low} to {high}. The unit sphere (L2's target), the sphere "
        "of radius √3 (RMSNorm's), and LayerNorm's circle in the plane x₁ + x₂ + x₃ = 0.",
    },
    "access.describe.input": {"zh": "输入 x = {x}，长度 ‖x‖₂ = {norm}。", "en": "Input x = {x}, length ‖x‖₂ = {norm}."},
    "access.describe.input_outside": {
        "zh": "x 在视野之外，视野边缘的箭头指向它。",
        "en": "x lies outside the view; an arrow at the edge points to it.",
    },
    "access.describe.output": {
        "zh": "{method} 的输出 {y}，长度 {norm}。",
        "en": "{method} output {y}, length {norm}.",
    },
    "access.describe.output_nan": {
        "zh": "{method} 的输出是 NaN（没有画出）。",
        "en": "{method} output is NaN (not drawn).",
    },
    "access.describe.affine": {"zh": "γ = {gamma}，β = {beta}。", "en": "γ = {gamma}, β = {beta}."},
    # an animated figure (normviz.ui.kit.live animated_chart): the focusable plot's name, its buttons, the keys
    "access.anim.chart": {
        "zh": "{title}（动画：← → 逐帧，Home / End 到首帧 / 末帧，空格播放或暂停）",
        "en": "{title} (animation: ← → one frame, Home / End first / last frame, Space plays or pauses)",
    },
    "access.anim.untitled": {"zh": "动画图", "en": "Animated figure"},
    "access.anim.group": {"zh": "图的动画", "en": "The figure's animation"},
    "access.anim.frame": {"zh": "第 {index} 帧，共 {count} 帧：{frame}", "en": "Frame {index} of {count}: {frame}"},
    "access.anim.keys": {
        "zh": "键盘：先选中图（Tab），再用 ← → 一帧一帧地走，Home / End 跳到开头 / 结尾，空格键播放或暂停。",
        "en": "Keys: Tab to the figure, then ← → step one frame, Home / End jump to the start / end, "
        "Space plays or pauses.",
    },
    # copy link and export (normviz/ui/kit/export/)
    "access.tools.header": {"zh": "链接与导出", "en": "Link and export"},
    "access.tools.group": {"zh": "复制链接与导出图片", "en": "Copy link and export figures"},
    "access.tools.copy": {"zh": "复制链接", "en": "Copy link"},
    "access.tools.copied": {
        "zh": "已复制：打开这个链接会得到同样的画面。",
        "en": "Copied: this link opens the same scene.",
    },
    "access.tools.manual": {
        "zh": "浏览器不允许写剪贴板：请从上面的框里手动复制。",
        "en": "The browser refused the clipboard: copy the link from the field above.",
    },
    "access.tools.link": {"zh": "本页链接（含全部参数）", "en": "Link to this scene (every parameter)"},
    "access.tools.export": {"zh": "导出图：", "en": "Export a figure:"},
    "access.tools.figure": {"zh": "要导出的图", "en": "Figure to export"},
    "access.tools.image": {"zh": "下载图片（带说明文字）", "en": "Download the image (with a caption)"},
    "access.tools.gif": {"zh": "把投影动画做成 GIF", "en": "Make a GIF of the animation"},
    "access.tools.working": {"zh": "正在生成……", "en": "Working…"},
    "access.tools.done": {"zh": "已下载。", "en": "Downloaded."},
    "access.tools.failed": {"zh": "导出失败", "en": "Export failed"},
    "access.tools.none": {"zh": "本页没有图", "en": "this page has no figure"},
    "access.tools.noframes": {"zh": "这张图没有动画", "en": "this figure has no animation"},
    "access.tools.gifready": {
        "zh": "GIF 已生成：点击下面的按钮下载。",
        "en": "GIF made: use the button below to download it.",
    },
    "access.tools.gifdownload": {"zh": "下载 GIF", "en": "Download GIF"},
    "access.tools.giffailed": {
        "zh": "浏览器发来的动画帧无法读取，没有生成 GIF。",
        "en": "The animation frames from the browser could not be read; no GIF was made.",
    },
    "access.tools.params": {"zh": "参数", "en": "parameters"},
    "access.tools.defaults": {"zh": "默认", "en": "defaults"},
}
