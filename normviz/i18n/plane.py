"""Strings of the 2D plane page."""

STRINGS = {
    "nav.plane": {"zh": "平面", "en": "Plane"},
    "plane.title": {"zh": "平面：二维里的三种归一化", "en": "Plane: the three norms in two dimensions"},
    "plane.intro": {
        "zh": "拖动 x，看它被投影到哪里。L2 把 x 沿射线缩放到单位圆；RMSNorm 沿同一条射线缩放到半径 √2 的圆；"
        "LayerNorm 先沿 (1, 1) 方向减去均值，落到直线 x₁ + x₂ = 0 上，再缩放到 √2 的圆上。",
        "en": "Drag x and watch where it lands. L2 rescales x along its ray to the unit circle; RMSNorm rescales along "
        "the same ray to the circle of radius √2; LayerNorm first removes the mean along (1, 1), landing on the "
        "line x₁ + x₂ = 0, and then rescales onto the √2 circle.",
    },
    "plane.trace.unit_circle": {"zh": "单位圆 ‖y‖ = 1", "en": "unit circle ‖y‖ = 1"},
    "plane.trace.sqrt2_circle": {"zh": "圆 ‖y‖ = √2", "en": "circle ‖y‖ = √2"},
    "plane.trace.zero_mean_line": {"zh": "零均值线 x₁ + x₂ = 0", "en": "zero mean: x₁ + x₂ = 0"},
    "plane.trace.ray": {"zh": "过 x 的射线", "en": "ray through x"},
    "plane.trace.ln_points": {"zh": "LayerNorm 仅有的两点 ±(1, −1)", "en": "LayerNorm's only points ±(1, −1)"},
    "plane.trace.rms_ellipse": {"zh": "γ·(√2 圆)：椭圆", "en": "γ·(√2 circle): ellipse"},
    "plane.trace.ln_ellipse": {"zh": "γ·(√2 圆) + β", "en": "γ·(√2 circle) + β"},
    "plane.trace.ln_points_affine": {"zh": "γ、β 后的两点", "en": "the two points after γ, β"},
    "plane.trace.decomposition": {"zh": "μ·1 + (x − μ·1)", "en": "μ·1 + (x − μ·1)"},
    "plane.trace.moving": {"zh": "动画（按 ▶ 播放）", "en": "animation (▶ Play)"},
    "plane.stage.start": {"zh": "起点：x", "en": "Start: x"},
    "plane.stage.center": {
        "zh": "第 1 步：LayerNorm 减去 μ·1，落到 x₁ + x₂ = 0 上",
        "en": "Step 1: LayerNorm subtracts μ·1 and lands on x₁ + x₂ = 0",
    },
    "plane.stage.scale": {
        "zh": "第 2 步：沿射线缩放到各自的圆上",
        "en": "Step 2: each slides along its ray onto its circle",
    },
    "plane.stage.affine": {"zh": "第 3 步：乘 γ（LayerNorm 再加 β）", "en": "Step 3: multiply by γ (LayerNorm adds β)"},
    "plane.caption": {
        "zh": "这张图要说明的是：归一化不改变方向，只改变长度。L2 和 RMSNorm 的箭头始终在 x 的射线上，只是停在不同半径的圆上"
        "（1 和 √2）。LayerNorm 多做一步：去掉沿 1 = (1, 1) 的公共分量。二维里零均值直线与 √2 圆只交于两点，"
        "所以 LayerNorm 只剩两种输出——自由度是 n − 2 = 0。维数越高，这个交集越大，丢掉的只是长度和整体偏移。"
        "γ 把圆拉成椭圆，β 把它整体平移：模型可以把被拿掉的尺度和偏移再学回来。",
        "en": "What the picture says: normalizing keeps the direction and changes only the length. The L2 and "
        "RMSNorm arrows stay on the ray through x and stop on circles of different radii (1 and √2). LayerNorm "
        "does one more thing: it removes the shared component along 1 = (1, 1). In two dimensions the zero-mean "
        "line meets the √2 circle in just two points, so LayerNorm has only two possible outputs: n − 2 = 0 "
        "degrees of freedom. In higher dimensions that intersection is large, and all that is lost is the length "
        "and the common offset. γ stretches the circle into an ellipse and β shifts it, so a model can learn the "
        "removed scale and offset back.",
    },
    "plane.outside": {
        "zh": "x 在当前视野之外，请选择更大的视野。",
        "en": "x lies outside the current view; choose a wider view.",
    },
}
