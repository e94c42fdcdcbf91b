"""Strings of the warp page (how a norm bends space)."""

STRINGS = {
    "nav.warp": {"zh": "空间的弯折", "en": "How norms bend space"},
    "overview.page.warp": {
        "zh": "空间的弯折：把整张网格送进 L2、RMSNorm 或 LayerNorm，看直线怎样弯、哪些输入被折到一起、"
        "一点附近怎样拉伸，以及 γ 怎样把输出集合变成椭球。",
        "en": "How norms bend space: push a whole grid through L2, RMSNorm or LayerNorm and watch lines bend, see "
        "which inputs are folded together and how the map stretches near a point, and the ellipsoid that γ makes.",
    },
    "warp.title": {"zh": "空间的弯折：整张网格经过归一化", "en": "How norms bend space: a whole grid through the map"},
    "warp.intro": {
        "zh": "其他页面跟踪一个向量；这里把整张网格一起送进去。归一化之所以是非线性的、之所以会丢信息，"
        "是因为它把空间折叠起来：许多输入落到同一个输出上。拖动 t（或点播放），网格从恒等映射连续变到映射本身："
        "yₜ = (1 − t)·x + t·f(x)。每个输入按它的方向角着色，最后挤在一起的同色点就是被合并的输入。",
        "en": "The other pages follow one vector; here the whole grid goes through at once. What makes a norm a "
        "nonlinearity, and what makes it lose information, is that it folds space: many inputs land on one "
        "output. Move t (or press Play) and the grid morphs from the identity to the map: yₜ = (1 − t)·x + t·f(x). "
        "Each input is coloured by its direction angle, so the colours that end up piled together are the inputs "
        "that merged.",
    },
    "warp.morph.header": {"zh": "网格的变形", "en": "The grid morph"},
    "warp.morph.text": {
        "zh": "ε = 0 时，L2 和 RMSNorm 把从原点出发的每条射线送到一个点（单位圆或半径 √n 的球面上）；"
        "LayerNorm 还忘掉平移，在平面上把直线 x₁ = x₂ 两侧的半平面各送到一个点：整个平面变成两个点。"
        "ε > 0 时 RMSNorm 变成一对一，像落在圆盘（球）内部；LayerNorm 的像是一条线段（空间里是一个圆盘），"
        "直线平滑地弯曲。",
        "en": "At ε = 0, L2 and RMSNorm send each ray from the origin to one point (on the unit circle, or the "
        "sphere of radius √n); LayerNorm also forgets the shift, and in the plane sends each half-plane on either "
        "side of the line x₁ = x₂ to one point: the whole plane becomes two points. With ε > 0 RMSNorm becomes "
        "one-to-one and its image fills the inside of the disk (ball); LayerNorm's image is a segment (a disk in "
        "space), and the lines bend smoothly.",
    },
    "warp.dim": {"zh": "维数", "en": "Dimension"},
    "warp.method": {"zh": "方法", "en": "Method"},
    "warp.eps.help": {
        "zh": "ε = 0 时折叠最彻底（L2、RMSNorm 把整条射线合成一点，LayerNorm 把半平面合成一点）；ε > 0 让 RMSNorm 和 "
        "LayerNorm 变得光滑、保留一部分长度，而 L2 在 ‖x‖ = ε 处仍有一个折角。",
        "en": "At ε = 0 the fold is complete (L2 and RMSNorm merge whole rays, LayerNorm whole half-planes); ε > 0 "
        "makes RMSNorm and LayerNorm smooth and lets them keep some length, while L2 keeps a kink at ‖x‖ = ε.",
    },
    "warp.point": {"zh": "选中的点 p：x{i}", "en": "Picked point p: x{i}"},
    "warp.point.help": {
        "zh": "在这个点上画出它的折叠（与它输出相同的所有输入）和它附近的局部拉伸。",
        "en": "At this point the page draws its fold (every input with the same output) and the local stretching "
        "around it.",
    },
    "warp.show.fold": {"zh": "画出折叠", "en": "Show the fold"},
    "warp.show.stretch": {"zh": "画出局部拉伸（雅可比）", "en": "Show the local stretching (Jacobian)"},
    "warp.radius": {"zh": "小圆（球）的半径 r", "en": "Radius r of the small circle (sphere)"},
    "warp.radius.help": {
        "zh": "半径越小，真实的像越接近线性化的椭圆：两者之差按 r² 缩小。",
        "en": "The smaller the radius, the closer the true image comes to the linearised ellipse: their "
        "difference shrinks like r².",
    },
    "warp.morph.description": {
        "zh": "网格从恒等映射变形到所选的归一化；可以用播放按钮或 t 滑块控制。",
        "en": "The grid morphing from the identity to the chosen norm; Play and the t slider control it.",
    },
    "warp.image.count": {
        "zh": "{method} 把网格上的 {points} 个点送到 {distinct} 个不同的点。",
        "en": "{method} sends {points} grid points to {distinct} distinct points.",
    },
    "warp.image.undefined": {
        "zh": "在 ε = 0 时没有输出（0/0）的网格点：{count} 个。",
        "en": "Grid points with no output at ε = 0 (0/0): {count}.",
    },
    "warp.image.lengths": {
        "zh": "所有输出的长度在 {smallest} 与 {largest} 之间；ε = 0 时的球面半径是 {radius}。",
        "en": "Every output's length lies between {smallest} and {largest}; the sphere at ε = 0 has radius {radius}.",
    },
    "warp.fold.undefined": {
        "zh": "x = {x} 在 ε = 0 时的输出是 0/0，没有定义，因此也没有折叠可画。",
        "en": "At ε = 0 the output of x = {x} is 0/0: it is not defined, so there is no fold to draw.",
    },
    "warp.fold.kind.ray": {
        "zh": "x = {x} 的每个正倍数 a·x（a > 0）都有同一个输出：折叠是从原点出发、穿过 x 的射线。",
        "en": "Every positive multiple a·x (a > 0) of x = {x} has the same output: the fold is the ray from the "
        "origin through x.",
    },
    "warp.fold.kind.ray_beyond": {
        "zh": "L2 除以 max(‖x‖, ε)：长度至少为 ε = {eps} 的每个 a·x（a > 0）都有同一个输出，所以折叠是穿过 x = {x} "
        "的射线在半径 ε 以外的部分；半径 ε 的球内映射是 x/ε，一对一。",
        "en": "L2 divides by max(‖x‖, ε): every a·x (a > 0) of length at least ε = {eps} has the same output, so "
        "the fold is the ray through x = {x} beyond the radius ε; inside the ball of radius ε the map is x/ε, "
        "one-to-one.",
    },
    "warp.fold.kind.half_plane": {
        "zh": "ε = 0 时 LayerNorm 既忘掉平移也忘掉缩放：每个 a·x + c·𝟏（a > 0，c 任意）的输出都与 x = {x} 相同。"
        "在平面上这是直线 x₁ = x₂ 的一侧，整个半平面；在空间里是以 𝟏 方向的直线为边的半平面。",
        "en": "At ε = 0 LayerNorm forgets both the shift and the scale: every a·x + c·𝟏 (a > 0, any c) has the "
        "same output as x = {x}. In the plane that is a whole half-plane, one side of the line x₁ = x₂; in space, "
        "a half-plane bounded by the line along 𝟏.",
    },
    "warp.fold.kind.line": {
        "zh": "ε = {eps} > 0 时 LayerNorm 仍然忘掉平移，但不再忘掉缩放：x = {x} 的折叠是直线 x + c·𝟏。",
        "en": "With ε = {eps} > 0 LayerNorm still forgets the shift but no longer the scale: the fold of "
        "x = {x} is the line x + c·𝟏.",
    },
    "warp.fold.kind.point": {
        "zh": "在这个 ε 下映射在 x = {x} 处是一对一的：没有别的输入与它输出相同。",
        "en": "At this ε the map is one-to-one at x = {x}: no other input has its output.",
    },
    "warp.fold.count": {
        "zh": "网格的 {total} 个点中有 {vertices} 个落在折叠里，全部被送到 {y}；经过它们的网格线有 {lines} 条"
        "（共 {total_lines} 条）。",
        "en": "Of the grid's {total} points, {vertices} lie in the fold, all sent to {y}; {lines} of the grid's "
        "{total_lines} lines pass through them.",
    },
    "warp.fold.none": {
        "zh": "网格的 {total} 个点都不在这个折叠里；x 的输出是 {y}。",
        "en": "None of the grid's {total} points lies in this fold; x's output is {y}.",
    },
    "warp.stretch.text": {
        "zh": "在选中点附近，映射近似于它的雅可比矩阵 J：半径 r = {r} 的小圆（球）在一阶近似下变成半轴为 r·sᵢ 的椭圆"
        "（椭球），s = ({s}) 是 J 的奇异值；其中为 0 的（这里有 {flat} 个）对应被压平成一点的方向。",
        "en": "Near the picked point the map acts like its Jacobian J: a small circle (sphere) of radius r = {r} "
        "becomes, to first order, an ellipse (ellipsoid) with semi-axes r·sᵢ, where s = ({s}) are the singular "
        "values of J; the zero ones (here {flat}) are directions flattened to nothing.",
    },
    "warp.stretch.smooth": {
        "zh": "真实的像与线性化的像最多相差 {error}；小圆留在映射光滑的区域里，所以这个差按 r² 缩小。",
        "en": "The true image differs from the linearised one by at most {error}; the circle stays where the map is "
        "smooth, so this shrinks like r².",
    },
    "warp.stretch.rough": {
        "zh": "这个小圆碰到了{where}，映射在那里不光滑或没有定义：真实的像与线性的像相差 {error}，线性近似在这里不成立。",
        "en": "The small circle reaches {where}, where the map is not smooth or not defined: there the true image "
        "differs from the linear one by {error}, and the linear picture does not hold.",
    },
    "warp.stretch.where.origin": {"zh": "原点", "en": "the origin"},
    "warp.stretch.where.line": {"zh": "常数向量（x₁ = x₂ = …）", "en": "the constant vectors (x₁ = x₂ = …)"},
    "warp.stretch.where.kink": {"zh": "球面 ‖x‖ = ε（L2 的折角）", "en": "the sphere ‖x‖ = ε, L2's kink"},
    "warp.stretch.undefined": {
        "zh": "ε = 0 时映射在 x = {x} 处没有定义（0/0），所以那里没有雅可比矩阵。",
        "en": "At ε = 0 the map is not defined at x = {x} (0/0), so it has no Jacobian there.",
    },
    "warp.gamma.header": {"zh": "γ 造出一个椭球", "en": "γ makes an ellipsoid"},
    "warp.gamma.text": {
        "zh": "带增益的 LayerNorm（Riechers 2024 的写法）：先把 x 投影到与 𝟏 正交的超平面（Π = I − 𝟏𝟏ᵀ/N），"
        "再缩放，再逐坐标乘 γ、加 β。令 z = (y − β)/γ（逐坐标，γᵢ ≠ 0），则 Σzᵢ = 0，‖z‖² ≤ N，"
        "ε = 0 时取等号：输出落在过 β 的一个超平面里，是一个 N − 1 维椭球（ε = 0 时在表面上，ε > 0 时在内部）。"
        "它的主轴来自特征分解。",
        "en": "LayerNorm with a gain, as Riechers (2024) writes it: project x onto the hyperplane orthogonal to 𝟏 "
        "(Π = I − 𝟏𝟏ᵀ/N), rescale, then multiply by γ and add β coordinate by coordinate. With z = (y − β)/γ "
        "(coordinate-wise, γᵢ ≠ 0) every output has Σzᵢ = 0 and ‖z‖² ≤ N, with equality at ε = 0: the outputs lie "
        "in a hyperplane through β, on an (N − 1)-dimensional ellipsoid (its surface at ε = 0, its inside at "
        "ε > 0), whose principal axes come from an eigen-decomposition.",
    },
    "warp.gamma.reading": {
        "zh": "λₖ 是 Bᵀ·diag(γ)²·B 的特征值，B 是超平面 Σzᵢ = 0 的一组正交基（N × (N − 1)）。ε = 0 时输出集合是 "
        "β + diag(γ)·B·w，‖w‖ = √N（ε > 0 时 ‖w‖ < √N）：半径 √N 的球面经过线性映射 M = diag(γ)·B，所以半轴是 √N "
        "乘以 M 的奇异值，也就是 √(N·λₖ)。β 只平移整个集合，不改变形状；这里画的是 β = 0。",
        "en": "λₖ are the eigenvalues of Bᵀ·diag(γ)²·B, B an orthonormal basis of the hyperplane Σzᵢ = 0 "
        "(N × (N − 1)). At ε = 0 the output set is β + diag(γ)·B·w with ‖w‖ = √N (‖w‖ < √N at ε > 0): the sphere of "
        "radius √N through the linear map M = diag(γ)·B, so its semi-axes are √N times the singular values of M, "
        "that is √(N·λₖ). β only moves the whole set; it does not change its shape, and the page draws β = 0.",
    },
    "warp.n": {"zh": "N", "en": "N"},
    "warp.geps.help": {
        "zh": "ε = 0 时所有输出都在椭球表面上（至多一个 γᵢ 为 0 时）；ε 越大，典型输入落得越靠里。",
        "en": "At ε = 0 every output is on the ellipsoid's surface (with at most one γᵢ = 0); the larger ε, the "
        "further inside typical inputs land.",
    },
    "warp.gamma": {"zh": "γ{i}", "en": "γ{i}"},
    "warp.gamma.help": {
        "zh": "逐坐标的增益。训练好的模型里有 γᵢ ≈ 0 的坐标：把一个 γ 设为 0，集合移进一个坐标平面；设两个为 0，它就被压扁。",
        "en": "The per-coordinate gain. Trained models have coordinates with γᵢ ≈ 0: set one γ to 0 and the set "
        "moves into a coordinate plane; set two to 0 and it flattens.",
    },
    "warp.ellipsoid.description": {
        "zh": "LayerNorm 在所设 γ 下的输出集合、它所在的平面、带长度的主轴，以及一团随机输入的输出。",
        "en": "LayerNorm's output set for the γ set here, the plane it lies in, its principal axes with their "
        "lengths, and the outputs of a random cloud of inputs.",
    },
    "warp.axes.k": {"zh": "主轴", "en": "axis"},
    "warp.axes.length": {"zh": "半轴长 aₖ", "en": "semi-axis aₖ"},
    "warp.axes.direction": {"zh": "方向", "en": "direction"},
    "warp.checks": {
        "zh": "用库核对：ε = 0 时 layer_norm 的 {samples} 个输出（γ 如上，β = 0）满足椭球方程 Σ(cₖ/aₖ)² = 1，"
        "误差 {level}；都在过 β、法向量为 {normal} 的子空间里，误差 {plane}；各方向最远处与半轴长相差 {reach}"
        "（取决于采样的疏密）。",
        "en": "Checked against the library: {samples} outputs of layer_norm at ε = 0 (γ as set, β = 0) satisfy "
        "the ellipsoid's equation Σ(cₖ/aₖ)² = 1 to {level}, lie in the subspace through β with normal {normal} to "
        "{plane}, and reach each semi-axis to within {reach} (as close as the sampling allows).",
    },
    "warp.checks.filled": {
        "zh": "用库核对：ε = 0 时 layer_norm 的 {samples} 个输出（γ 如上，β = 0）都在压平后的集合之内"
        "（在非零的主轴上 Σ(cₖ/aₖ)² ≤ 1，最多超出 {level}）：有两个或更多 γᵢ = 0 时，输出填满这个集合，而不是落在表面上。"
        "各个非零半轴的最远处与半轴长相差 {reach}。",
        "en": "Checked against the library: {samples} outputs of layer_norm at ε = 0 (γ as set, β = 0) all lie "
        "within the flattened set (Σ(cₖ/aₖ)² ≤ 1 over the nonzero axes, exceeded by at most {level}): with two or "
        "more γᵢ = 0 they fill it rather than lie on its surface. They reach each nonzero semi-axis to within "
        "{reach}.",
    },
    "warp.fraction": {
        "zh": "{count} 个随机输入（从正态分布 N(0, I) 抽取）中，ε = {eps} 时有 {share} 落在离表面 1% 以内（‖z‖ ≥ 0.99·√N）。"
        "单位长度的采样方向在这个 ε 下的 Σ(cₖ/aₖ)² 最大是 {inside}（表面上为 1，内部小于 1）。",
        "en": "Of {count} random inputs drawn from the normal distribution N(0, I), {share} land within 1 % of the surface "
        "(‖z‖ ≥ 0.99·√N) at ε = {eps}. For the sampled unit-length directions at this ε the largest Σ(cₖ/aₖ)² "
        "is {inside} (1 on the surface, below 1 inside).",
    },
    "warp.zero_gamma.one": {
        "zh": "{which} = 0：每个输出的 {coords} 都等于那里的 β（这里是 0），所以整个集合移进这个坐标平面。"
        "它的 {dim} 个主轴都还在：一个为 0 的增益只抹掉方向 eᵢ，而 eᵢ 不在零均值超平面里。",
        "en": "{which} = 0: every output has {coords} equal to its β (0 here), so the set moves into that coordinate "
        "plane. It keeps all {dim} of its axes: a single zero gain erases the direction eᵢ, and eᵢ is not in the "
        "zero-mean hyperplane.",
    },
    "warp.zero_gamma.flat": {
        "zh": "{which} = 0：每个输出的 {coords} 都等于那里的 β（这里是 0），集合被压扁：{dim} 个主轴中只有 {nonzero} 个"
        "长度不为 0，ε = 0 时输出填满压扁后的集合，而不是落在一个表面上。",
        "en": "{which} = 0: every output has {coords} equal to β there (0 here), and the set flattens: {nonzero} of "
        "its {dim} axes keep a nonzero length, and at ε = 0 the outputs fill the flattened set instead of lying on a "
        "surface.",
    },
}

# --- the figures' strings (normviz.figures.warp) ---------------------------------------------------------
FIGURE_STRINGS = {
    "warp.fig.morph.title": {
        "zh": "{method} 把网格弯成什么样（ε = {eps}）",
        "en": "{method} bends the grid (ε = {eps})",
    },
    "warp.fig.grid": {"zh": "网格线：每个输入走向它的输出", "en": "grid lines: each input moving to its output"},
    "warp.fig.points": {
        "zh": "网格点，颜色表示输入 x 的角度（一路不变）",
        "en": "grid points, coloured by the angle of the input x (kept all the way)",
    },
    "warp.fig.t": {"zh": "t = {t}", "en": "t = {t}"},
    "warp.fig.fold.x": {"zh": "选中的点 x", "en": "the picked point x"},
    "warp.fig.fold.output": {"zh": "它的输出 f(x)", "en": "its output f(x)"},
    "warp.fig.fold.fibre": {"zh": "与 x 输出相同的所有输入", "en": "every input with the same output as x"},
    "warp.fig.fold.vertices": {"zh": "落到 f(x) 的网格点（圆圈）", "en": "grid points that land on f(x) (ringed)"},
    "warp.fig.stretch.circle": {"zh": "x 周围的小圆", "en": "small circle around x"},
    "warp.fig.stretch.sphere": {
        "zh": "x 周围的小球面（画出纬线圈）",
        "en": "small sphere around x (its latitude rings)",
    },
    "warp.fig.stretch.true": {"zh": "它真正的像 f(x + r·u)", "en": "its true image f(x + r·u)"},
    "warp.fig.stretch.linear": {
        "zh": "线性化的像 f(x) + r·J·u（虚线）",
        "en": "its linearised image f(x) + r·J·u (dashed)",
    },
    "warp.fig.axis.y": {"zh": "y{sub}（第 {k} 维）", "en": "y{sub} (dimension {k})"},
    "warp.fig.ell.title3": {
        "zh": "γ、β 下 LayerNorm 的输出：平面里的一个椭圆（N = 3）",
        "en": "LayerNorm's outputs with γ and β: an ellipse in a plane (N = 3)",
    },
    "warp.fig.ell.title4": {
        "zh": "γ、β 下 LayerNorm 的输出：一个椭球（N = 4，用半轴坐标画）",
        "en": "LayerNorm's outputs with γ and β: an ellipsoid (N = 4, in its axes' coordinates)",
    },
    "warp.fig.ell.outputs": {"zh": "各个方向的输出（ε = {eps}）", "en": "outputs of every direction (ε = {eps})"},
    "warp.fig.ell.plane": {"zh": "输出所在的平面（过 β）", "en": "the plane the outputs lie in (through β)"},
    "warp.fig.ell.axes": {"zh": "半轴及其长度", "en": "semi-axes and their lengths"},
    "warp.fig.ell.beta": {"zh": "中心 β", "en": "the centre β"},
    "warp.fig.ell.cloud": {"zh": "随机输入的输出", "en": "outputs of random inputs"},
    "warp.fig.ell.coord": {
        "zh": "c{sub}（沿第 {k} 条半轴）",
        "en": "c{sub} (along semi-axis {k})",
    },
    "warp.fig.surf.title": {"zh": "多少输出落在表面附近", "en": "How many outputs land near the surface"},
    "warp.fig.surf.x": {"zh": "ε（对数刻度）", "en": "ε (log scale)"},
    "warp.fig.surf.y": {"zh": "离表面不到 {tol} 的比例", "en": "share within {tol} of the surface"},
    "warp.fig.surf.curve": {"zh": "随机输入中的比例", "en": "share of the random inputs"},
    "warp.fig.surf.current": {"zh": "当前 ε = {eps}", "en": "current ε = {eps}"},
}

STRINGS.update(FIGURE_STRINGS)
