"""Strings of the 3D space page."""

STRINGS = {
    "nav.space": {"zh": "空间", "en": "Space"},
    "overview.page.space": {
        "zh": "三维：球面、平面 x + y + z = 0 和 LayerNorm 的圆，可旋转、可播放投影动画，预设视角一键对准。",
        "en": "Three dimensions: the spheres, the plane x + y + z = 0 and LayerNorm's circle; rotate, play the "
        "projection, or jump to a preset camera.",
    },
    "space.title": {"zh": "空间：三维里的三种归一化", "en": "Space: the three norms in three dimensions"},
    "space.intro": {
        "zh": "三维里 L2 把 x 沿射线送到单位球面，RMSNorm 沿同一条射线送到半径 √3 的球面。LayerNorm 先沿 𝟏 = (1, 1, 1) "
        "方向减去均值，落到平面 x₁ + x₂ + x₃ = 0 上，再在平面内沿径向缩放到 √3 球面——落点只能在平面与球面相交的那个圆上。"
        "√3 这个半径只在 ε = 0 时精确；ε > 0 时 RMSNorm 和 LayerNorm 的箭头停在稍里面一点。",
        "en": "In three dimensions L2 sends x along its ray to the unit sphere, and RMSNorm along the same ray to the "
        "sphere of radius √3. LayerNorm first removes the mean along 𝟏 = (1, 1, 1), landing in the plane "
        "x₁ + x₂ + x₃ = 0, then rescales radially within that plane onto the √3 sphere, so it can only land on the "
        "circle where the plane cuts the sphere. The radius √3 is exact only at ε = 0; with ε > 0 the RMSNorm and "
        "LayerNorm arrows stop a little inside.",
    },
    "space.outside": {
        "zh": "x 超出了当前视野（坐标轴半宽 {extent}），图中只画出它在视野内的部分；射线和视野边缘的黑色箭头指向 x。想看到 x 本身，请选更大的视野。",
        "en": "x lies outside the current view (half-width {extent}); only the part inside the box is drawn, and the "
        "ray and the black arrow at the edge point at x. Choose a wider view to see x itself.",
    },
    "space.view.label": {"zh": "视野（坐标轴半宽）", "en": "View (half-width of the axes)"},
    "space.view.help": {
        "zh": "坐标范围固定，拖动滑块时画面不会跳动。选 125 可以看到 (101, 102, 103) 这样的远点，选小视野看清两个球面。",
        "en": "The axis range is fixed, so the picture never jumps while you drag. Pick 125 to see far points such "
        "as (101, 102, 103); pick a small view to see the two spheres up close.",
    },
    "space.camera.label": {"zh": "视线方向", "en": "Camera looks along"},
    "space.camera.help": {
        "zh": "3D：斜视；(1,1,1)：沿 𝟏 看，平面正对镜头，LayerNorm 的圆是正圆；(1,-1,0)：视线在平面内，平面侧过来成一条线，"
        "1 竖直向上。",
        "en": "3D: an oblique view; (1,1,1): looking along 𝟏, the plane faces you and LayerNorm's circle is round; "
        "(1,-1,0): the line of sight lies in the plane, so the plane is seen edge-on as a line, with 1 pointing up.",
    },
    "space.camera.oblique": {
        "zh": "斜视：拖动鼠标可以旋转，滚轮缩放。",
        "en": "Oblique view: drag to rotate, scroll to zoom.",
    },
    "space.camera.along": {
        "zh": "沿 𝟏 = (1, 1, 1) 看：平面 x₁ + x₂ + x₃ = 0 正对镜头，LayerNorm 的圆是正圆；沿 𝟏 的那一段（减均值）缩成一个点。",
        "en": "Looking along 𝟏 = (1, 1, 1): the plane x₁ + x₂ + x₃ = 0 faces you and LayerNorm's circle is round; the "
        "step along 𝟏 (removing the mean) shrinks to a point.",
    },
    "space.camera.edge": {
        "zh": "侧视（视线沿 (1, −1, 0)，在平面内）：平面成了一条水平线，1 竖直向上。LayerNorm 先竖直落到这条线上，再沿线走到圆上。",
        "en": "Edge-on (looking along (1, −1, 0), which lies in the plane): the plane is a horizontal line and 1 "
        "points up. LayerNorm first drops vertically onto that line, then moves along it to the circle.",
    },
    "space.surfaces.label": {"zh": "曲面", "en": "Surfaces"},
    "space.surfaces.help": {
        "zh": "‖y‖=1：单位球面（L2 的落点）；‖y‖=√3：半径 √3 的球面（ε = 0 时 RMSNorm 的落点）；Σy=0：零均值平面。",
        "en": "‖y‖=1: the unit sphere (L2's target); ‖y‖=√3: the sphere of radius √3 (RMSNorm's target at ε = 0); "
        "Σy=0: the zero-mean plane.",
    },
    "space.trace.unit_sphere": {"zh": "单位球面 ‖y‖ = 1（L2 的落点）", "en": "unit sphere ‖y‖ = 1 (L2 target)"},
    "space.trace.sqrt3_sphere": {
        "zh": "半径 √3 的球面（ε = 0 时 RMSNorm 的落点）",
        "en": "sphere of radius √3 (RMSNorm's target at ε = 0)",
    },
    "space.trace.plane": {"zh": "零均值平面 x₁ + x₂ + x₃ = 0", "en": "zero-mean plane x₁ + x₂ + x₃ = 0"},
    "space.trace.ln_circle": {
        "zh": "LayerNorm 的圆：平面 ∩ √3 球面（ε = 0）",
        "en": "LayerNorm's circle: plane ∩ √3 sphere (ε = 0)",
    },
    "space.trace.ones_line": {"zh": "方向 𝟏 = (1, 1, 1)", "en": "direction 𝟏 = (1, 1, 1)"},
    "space.trace.ray": {"zh": "过 x 的射线", "en": "ray through x"},
    "space.trace.decomposition": {"zh": "分解 μ·𝟏 + (x − μ·𝟏)", "en": "decomposition μ·𝟏 + (x − μ·𝟏)"},
    "space.trace.rms_ellipsoid": {
        "zh": "RMSNorm 加 γ 后的落点：椭球 γ ⊙ (√3 球面)（ε = 0）",
        "en": "RMSNorm's reach with γ: the ellipsoid γ ⊙ (√3 sphere) (ε = 0)",
    },
    "space.trace.ln_circle_affine": {
        "zh": "LayerNorm 加 γ、β 后的落点：它的圆变成的椭圆 γ ⊙ 圆 + β（ε = 0）",
        "en": "LayerNorm's reach with γ, β: its circle mapped to the ellipse γ ⊙ circle + β (ε = 0)",
    },
    "space.stage.start": {"zh": "起点：x", "en": "Start: x"},
    "space.stage.center": {
        "zh": "第 {k} 步：LayerNorm 沿 −𝟏 减去 μ·𝟏，落到平面 x₁ + x₂ + x₃ = 0 上",
        "en": "Step {k}: LayerNorm moves along −𝟏 by μ·𝟏 into the plane x₁ + x₂ + x₃ = 0",
    },
    "space.stage.scale": {
        "zh": "第 {k} 步：沿射线缩放到球面上（LayerNorm 留在平面内，停在圆上）",
        "en": "Step {k}: rescaled along the ray onto the sphere (LayerNorm's stays in the plane, on the circle)",
    },
    "space.stage.affine": {
        "zh": "第 {k} 步：乘 γ（LayerNorm 再加 β）",
        "en": "Step {k}: multiply by γ (LayerNorm adds β)",
    },
    "space.caption": {
        "zh": "三维里看得更清楚：L2 和 RMSNorm 只改长度，箭头停在 x 的射线上，保留 x 的方向；ε = 0 时它们的输出可以在整个球面上，"
        "剩 n − 1 = 2 个自由度。LayerNorm 先拿掉沿 𝟏 的分量 μ·𝟏，保留的是 x − μ·𝟏 的方向；ε = 0 时输出只能在平面 x₁ + x₂ + x₃ = 0 "
        "与 √3 球面的交线——一个圆——上，剩 n − 2 = 1 个自由度，也就是圆上的一个角度。这里 σ² = (1/3)·Σ(xᵢ − μ)² 是有偏方差；"
        "若除以 n − 1，这个圆的半径会是 √2。\n\n"
        "试试 (1, 2, 3) 和 (101, 102, 103)：二者只差 100·𝟏，LayerNorm 的箭头完全重合（对平移的不变性在任何 ε 下都成立），"
        "RMSNorm 的输出却从 (0.46, 0.93, 1.39) 变成几乎相等的 (0.99, 1.00, 1.01)。再试 (2, 4, 6)：它和 (1, 2, 3) 在同一条射线上，"
        "ε = 0 时三种输出都相同；在默认 ε 下相差不到 1e-5。\n\n"
        "γ 把球面拉成椭球 γ ⊙ (√3 球面)，那是 RMSNorm 加 γ 后能到的地方。LayerNorm 到不了整个椭球："
        "它的圆经过 γ 和 β 变成一个椭圆 γ ⊙ 圆 + β，输出只能在这个椭圆上（ε = 0）。",
        "en": "Three dimensions make it plain: L2 and RMSNorm change only the length, so their arrows stay on the ray "
        "through x and keep its direction; at ε = 0 their outputs can be anywhere on a whole sphere: n − 1 = 2 degrees "
        "of freedom. LayerNorm first removes the component μ·𝟏 along 𝟏 and keeps the direction of x − μ·𝟏; at ε = 0 "
        "its outputs can only lie where the plane x₁ + x₂ + x₃ = 0 cuts the √3 sphere, a circle: n − 2 = 1 degree of "
        "freedom, an angle on that circle. Here σ² = (1/3)·Σ(xᵢ − μ)² is the biased variance; dividing by n − 1 "
        "instead would shrink that circle to radius √2.\n\n"
        "Try (1, 2, 3) and (101, 102, 103): they differ by 100·𝟏, and the LayerNorm arrows coincide exactly "
        "(invariance to a shift holds for any ε), while RMSNorm goes from (0.46, 0.93, 1.39) to the nearly constant "
        "(0.99, 1.00, 1.01). Try (2, 4, 6): it lies on the ray of (1, 2, 3), so at ε = 0 all three outputs are the "
        "same as for (1, 2, 3); at the default ε they differ by less than 1e-5.\n\n"
        "γ stretches the sphere into the ellipsoid γ ⊙ (√3 sphere), which is where RMSNorm can land with γ. LayerNorm "
        "cannot reach the whole ellipsoid: γ and β turn its circle into an ellipse, γ ⊙ circle + β, and its outputs "
        "lie on that ellipse only (at ε = 0).",
    },
}
