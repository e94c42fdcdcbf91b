"""Widgets and drawing of the guided lesson: navigation, one drawing function per step kind.

The step is ``?step=k`` (1-based) through ``links``; ← / → buttons and a tiny
key listener (``lesson_keys``) move it. Every widget key is ``lesson.<step>.<name>``,
so each step keeps the student's changes while they page back and forth.
Adding a step kind is one function here, registered in ``DRAW``.
"""

from __future__ import annotations

import numpy as np
import streamlit as st

from normviz import _xp, beyond, cost, lesson, model, residual, warp
from normviz.figures import lesson as lesson_figs
from normviz.figures import projection as engine
from normviz.figures import warp as warp_figs
from normviz.figures.typed import typed_arrays as packed
from normviz.format import decimals, decimals_vector, percent, shortest, significant, subscript
from normviz.methods import METHODS
from normviz.ui import axes as axes_ui
from normviz.ui import beyond as beyond_ui
from normviz.ui import dof as dof_ui
from normviz.ui import epsilon as eps_ui
from normviz.ui import information as info_ui
from normviz.ui import invariance as inv_ui
from normviz.ui import residual as res_ui
from normviz.ui.kit import lesson_keys, links
from normviz.ui.kit.cache import cached
from normviz.ui.kit.chart import cached_projection
from normviz.ui.kit.controls import keyed_slider
from normviz.ui.kit.figure import chart
from normviz.ui.kit.layout import page_link
from normviz.ui.kit.live import animated_chart, live_chart
from normviz.ui.kit.shell import backend, projector
from normviz.ui.kit.tables import display_equations, markdown_table, readouts
from normviz.ui.projection import (
    FIGURE_KEY,
    NARROW,
    PLANE_PAGE,
    SPACE_PAGE,
    SUBSCRIPTS,
    figure,
    live_scene,
    picture_first_on_phones,
)

PAGE = "lesson"
TOTAL = len(lesson.STEPS)
STEP_PARAM = links.choice("step", f"{PAGE}.step", [str(k) for k in range(1, TOTAL + 1)], "1")
BOUNDS = (-10.0, 10.0)
GUESS_BOUNDS = (-20.0, 20.0)
VIEWS = (2.5, 5.0, 10.0)
DOF_N = (2, 8192)
SHIFTS = (-200.0, 200.0)
PRECISION_V = (1.0, 1000.0)
COST_D = ("1024", "2048", "4096", "8192")
AXES_METHODS = ("ln", "bn")  # whose groups the axes step's figure outlines
LOG_EPS = (-10.0, -1.0)  # the eps step's chart: log10 ε
BEYOND_SHOWN = ("pre", "peri", "ngpt")  # what the closing step's residual figure draws


def key(step: lesson.Step, name: str) -> str:
    return f"{PAGE}.{step.key}.{name}"


# --- navigation ---------------------------------------------------------------------------------


def _move(delta: int) -> None:
    k = int(st.session_state[STEP_PARAM.key]) + delta
    st.session_state[STEP_PARAM.key] = str(min(max(k, 1), TOTAL))


def step_params(step: lesson.Step) -> list[links.Param]:
    """What a link carries to reproduce the step's scene: x on a plane or space step (x1, x2, x3), else
    the step's own control (n, shift, v, d)."""
    p = step.param
    if step.kind in ("plane", "space"):
        return [links.number(f"x{i + 1}", key(step, f"x{i + 1}"), *BOUNDS, v) for i, v in enumerate(step.x)]
    if step.kind == "dof":
        return [links.number("n", key(step, "n"), *DOF_N, p["n"])]
    if step.kind == "shift":
        return [links.number("shift", key(step, "shift"), *SHIFTS, p["shift"])]
    if step.kind == "precision":
        return [links.number("v", key(step, "v"), *PRECISION_V, p["x"][0])]
    if step.kind == "cost":
        return [links.choice("d", key(step, "d"), COST_D, str(p["hidden"]))]
    if step.kind == "axes":
        return [links.choice("method", key(step, "method"), AXES_METHODS, "ln")]
    if step.kind == "eps":
        return [links.number("log_eps", key(step, "log_eps"), *LOG_EPS, p["log_eps"])]
    if step.kind == "residual":
        return [links.number("depth", key(step, "depth"), 1, residual.DEPTH_MAX, p["depth"])]
    return []


def current_step(t) -> int:
    """Read ?step= (a bad value: one message, step 1 or the current one), apply a key press, then read
    the step's x from the link."""
    links.load(t, [STEP_PARAM])
    pressed = lesson_keys.pressed(f"{PAGE}.keys")
    if pressed is not None:
        _move(-1 if pressed == "prev" else 1)
    number = int(st.session_state[STEP_PARAM.key])
    links.load(t, step_params(lesson.step(number)))
    return number


# On a phone (where st.columns stack) Back and Next share one row and the progress goes under them.
NAV_KEY = "nv-lesson-nav"
_NAV_CSS = f"""<style>
@media {NARROW} {{
  [class*="st-key-{NAV_KEY}-"] [data-testid="stColumn"] {{ min-width: calc(50% - 0.5rem); }}
  [class*="st-key-{NAV_KEY}-"] [data-testid="stColumn"]:nth-child(2) {{ order: 1; min-width: 100%; }}
}}
</style>"""


def nav(t, number: int, *, where: str) -> None:
    """← Back, step k of n, Next →."""
    st.html(_NAV_CSS)
    back, middle, on = st.container(key=f"{NAV_KEY}-{where}").columns([1, 3, 1], vertical_alignment="center")
    back.button(
        t("lesson.prev"),
        key=f"{PAGE}.prev.{where}",
        icon=":material/arrow_back:",
        on_click=_move,
        args=(-1,),
        disabled=number <= 1,
        width="stretch",
    )
    middle.progress(number / TOTAL, text=t("lesson.progress", k=number, total=TOTAL))
    on.button(
        t("lesson.next"),
        key=f"{PAGE}.next.{where}",
        icon=":material/arrow_forward:",
        on_click=_move,
        args=(1,),
        disabled=number >= TOTAL,
        width="stretch",
    )


# --- plane and space: predict, reveal, worked computation ---------------------------------------


def _reveal(step: lesson.Step) -> None:
    """The reveal button: show the true output, and play the projection once."""
    st.session_state[key(step, "revealed")] = True
    st.session_state[key(step, "autoplay")] = True


def _reset(step: lesson.Step) -> None:
    for i, v in enumerate(step.x):
        st.session_state[key(step, f"x{i + 1}")] = float(v)
    st.session_state[key(step, "revealed")] = False


def _released(step: lesson.Step, x) -> None:
    for i, v in enumerate(x):
        st.session_state[key(step, f"x{i + 1}")] = float(v)


def x_sliders(t, step: lesson.Step) -> tuple[float, ...]:
    out = []
    for i, v in enumerate(step.x):
        k = key(step, f"x{i + 1}")
        st.session_state.setdefault(k, float(v))  # links.load has put a link's value here
        out.append(float(keyed_slider(st, t("lesson.x", name=f"x{SUBSCRIPTS[i]}"), *BOUNDS, step=0.01, key=k)))
    st.button(t("lesson.reset"), key=key(step, "reset"), on_click=_reset, args=(step,), icon=":material/restart_alt:")
    return tuple(out)


def guess_inputs(t, step: lesson.Step) -> tuple[float, ...]:
    st.subheader(t("lesson.predict.header"))
    st.markdown(t("lesson.predict.ask", what=t(f"lesson.target.{step.target}")))
    cols = st.columns(len(step.x))
    guess = []
    for i, col in enumerate(cols):
        k = key(step, f"guess{i + 1}")
        st.session_state.setdefault(k, 0.0)
        value = col.number_input(t("lesson.guess", sub=SUBSCRIPTS[i]), *GUESS_BOUNDS, step=0.1, key=k, format="%.4f")
        guess.append(float(value if value is not None else 0.0))
    return tuple(guess)


def _view(step: lesson.Step, *vectors) -> engine.View:
    reach = max([float(np.max(np.abs(v))) for v in vectors if len(v)] + [1.5])
    extent = next((v for v in VIEWS if v >= reach), VIEWS[-1])
    return engine.View(extent=extent * 1.05)


def projection_step(t, step: lesson.Step) -> None:
    """x sliders (and the guess) beside the live chart; after the reveal the score and the worked numbers.

    Before the reveal the chart draws x and the guess only: no circle, sphere, plane, line, point, ray,
    decomposition or animation that would show where the answer lies (``guides=False``)."""
    page = PLANE_PAGE if step.kind == "plane" else SPACE_PAGE
    dim = len(step.x)
    revealed_key = key(step, "revealed")
    st.session_state.setdefault(revealed_key, False)
    if projector():  # picture first, at full width; the controls under it (x beside the guess)
        picture, controls = st.container(), st.container()
    else:  # the picture on the right; first on a phone, where the columns stack
        controls, picture = st.columns([1, 2], gap="large")
        picture = picture_first_on_phones(picture)
    with controls:
        inputs, predict = st.columns(2, gap="large") if projector() else (st.container(), st.container())
        with inputs:
            x = x_sliders(t, step)
    with predict:
        guess = guess_inputs(t, step) if step.target else None
        if step.target:
            if st.session_state[revealed_key]:
                st.button(
                    t("lesson.hide"),
                    key=key(step, "hide"),
                    icon=":material/undo:",
                    on_click=lambda: st.session_state.__setitem__(revealed_key, False),
                )
            else:
                st.button(
                    t("lesson.reveal"),
                    key=key(step, "reveal"),
                    type="primary",
                    icon=":material/visibility:",
                    on_click=_reveal,
                    args=(step,),
                )
    revealed = step.target is None or st.session_state[revealed_key]
    scene = step.scene(x)
    proj = cached_projection(scene, backend())
    true = lesson.truth(step, x) if step.target and revealed else None
    view = _view(step, x, *(v for v in (guess, true) if v is not None))  # the answer does not set the axes
    spec = figure(scene, backend(), page.name, t, projector(), view, revealed)
    spec = {**spec, "data": [*spec["data"], *lesson_figs.prediction_traces(guess, true, step.target, t, dim=dim)]}
    with picture:
        if step.eps or step.gamma or step.beta:
            affine = (
                t(
                    "lesson.affine",
                    gamma=decimals_vector(step.gamma or (1,) * dim, 2),
                    beta=decimals_vector(step.beta or (0,) * dim, 2),
                )
                if scene.has_affine
                else ""
            )
            st.caption(t("lesson.settings", eps=f"{step.eps:g}", affine=affine))
        if not revealed:
            st.caption(t("lesson.hidden"))
        # the run right after "reveal" plays the projection once, in the browser
        autoplay = st.session_state.pop(key(step, "autoplay"), False) and revealed
        live = live_scene(t, page, scene, view, guides=revealed, frame=0)
        with st.container(key=FIGURE_KEY):  # on a phone above the captions
            live_chart(
                spec,
                key=key(step, "live"),
                scene={**live, "autoplay": autoplay},
                on_release=lambda v: _released(step, v),
                keys=t(f"proj.keys.{page.name}"),
            )
        if true is not None:
            sc = lesson.score(guess, true)
            verdict = t(f"lesson.verdict.{sc.verdict}")
            text = t(
                "lesson.score",
                truth=decimals_vector(true),
                guess=decimals_vector(guess),
                distance=decimals(sc.distance),
                relative=f"{100 * sc.relative:.1f} %",
            )
            (st.success if sc.verdict in ("exact", "close") else st.info)(f"{verdict} {text}")
        if revealed:
            readouts(t, proj, scene.shown)
        if "scale" in step.param:  # the γ/β step: inputs that γ and β cannot tell apart
            affine_table(t, step, x)
    if revealed:
        worked_section(t, step, x)


def affine_table(t, step: lesson.Step, x) -> None:
    """x, a·x and a·x + c·𝟏 through the step's γ and β: the same γ, β cannot tell them apart."""
    header = [t("lesson.affine.col.input"), t("lesson.affine.col.ln"), t("lesson.affine.col.rms")]
    rows = []
    for r in lesson.affine_rows(step, x):
        name = (
            "x"
            if (r.scale, r.shift) == (1.0, 0.0)
            else t("lesson.affine.scaled", a=f"{r.scale:g}")
            if r.shift == 0
            else t("lesson.affine.moved", a=f"{r.scale:g}", c=f"{r.shift:g}")
        )
        rows.append([f"{name} = {decimals_vector(r.x, 2)}", decimals_vector(r.ln), decimals_vector(r.rms)])
    st.markdown(markdown_table(header, rows, "lll"))
    st.caption(t("lesson.affine.caption"))


def worked_section(t, step: lesson.Step, x) -> None:
    """The three methods on the current x, step by step, with the step's own method first."""
    first = step.target if step.target in METHODS else ("ln" if step.target == "center" else None)
    order = sorted(METHODS, key=lambda m: (m != first, m not in step.shown))
    st.subheader(t("lesson.worked.header"))
    st.caption(t("lesson.worked.note"))
    for tab, m in zip(st.tabs([t(f"method.{m}") for m in order]), order):
        with tab:
            w = lesson.worked(m, x, eps=step.eps, gamma=step.gamma, beta=step.beta)
            st.markdown(display_equations(lesson.worked_latex(w)))  # one element, not one per line: a move re-sends it


# --- the other kinds ----------------------------------------------------------------------------


def dof_step(t, step: lesson.Step) -> None:
    k = key(step, "n")
    st.session_state[k] = int(round(st.session_state[k]))  # a link's n is read as a number
    n = keyed_slider(st, t("lesson.dof.n"), *DOF_N, key=k)
    st.markdown(t("lesson.dof.row", n=n, **{m: METHODS[m].dof(n) for m in METHODS}))
    chart(dof_ui.fraction_figure(n, t, projector()), key=key(step, "chart"))


def pairs_step(t, step: lesson.Step) -> None:
    comparisons, fig = info_ui.pairs_view(tuple(step.param["pairs"]), t, projector(), backend())
    chart(fig, key=key(step, "chart"))
    for k, cmp in enumerate(comparisons, start=1):
        info_ui.pair_table(t, k, cmp)


def shift_step(t, step: lesson.Step) -> None:
    shift = keyed_slider(st, t("lesson.shift.label"), *SHIFTS, step=1.0, key=key(step, "shift"))
    rows, fig = inv_ui.counterfactual_view(step.x, float(shift), 0.0, t, projector(), backend())
    inv_ui.counterfactual_table(t, rows)
    chart(fig, key=key(step, "chart"))


def axes_table(t, shape=(2, 3, 4), seed: int = 7) -> None:
    """The B×S×D tensor with LayerNorm's mean per row (token) and BatchNorm's per column (feature)."""
    a = lesson.axes_scene(shape, seed)
    b, s, d = a.x.shape
    # 1-based like the axes page's figure
    header = [t("lesson.axes.col.token"), *(f"d = {j + 1}" for j in range(d)), t("lesson.axes.col.mean")]
    rows = [
        [f"({i + 1}, {j + 1})", *(decimals(v, 2) for v in a.x[i, j]), decimals(a.token_means[i, j], 2)]
        for i in range(b)
        for j in range(s)
    ]
    rows.append([t("lesson.axes.row.bn"), *(decimals(v, 2) for v in a.feature_means), ""])
    st.markdown(markdown_table(header, rows, "l" + "r" * (d + 1)))
    st.caption(
        t(
            "lesson.axes.caption",
            shape=f"(B, S, D) = {a.x.shape}",
            ln=a.ln_groups,
            bn=a.bn_groups,
            ln_mean=f"{np.max(np.abs(a.ln_out.mean(axis=-1))):.1e}",
            bn_mean=f"{np.max(np.abs(a.bn_out.mean(axis=(0, 1)))):.1e}",
        )
    )


def axes_step(t, step: lesson.Step) -> None:
    """The tensor as a table (each group's μ) and as the axes page's figure, the chosen method's groups outlined."""
    method = st.segmented_control(
        t("lesson.axes.method"),
        AXES_METHODS,
        key=key(step, "method"),
        required=True,
        format_func=lambda m: t(f"method.{m}"),
    )
    table, picture = st.columns([2, 3] if projector() else [1, 1], gap="large")
    picture = picture_first_on_phones(picture)
    with table:
        axes_table(t, step.param["shape"], step.param["seed"])
    b, s, d = step.param["shape"]
    with picture:
        chart(
            axes_ui.tensor_figure(axes_ui.Scene(method or "ln", b, s, d, step.param["seed"], False), t, projector()),
            key=key(step, "chart"),
        )


def residual_step(t, step: lesson.Step) -> None:
    """The residual page's stack (its cached comparison and figure) at the chosen depth, and what it shows."""
    if not _xp.torch_installed():
        st.info(t("lesson.prepost.no_torch"), icon="ℹ️")
        return
    k = key(step, "depth")
    st.session_state[k] = int(round(st.session_state[k]))  # a link's depth is read as a number
    depth = keyed_slider(st, t("lesson.prepost.depth"), 1, residual.DEPTH_MAX, key=k)
    config = residual.StackConfig(depth=int(depth), width=int(step.param["width"]))
    comp, _ = res_ui.comparison(config, backend())
    chart(res_ui.figure(config, backend(), t, projector(), res_ui.CLASSIC_SHOWN), key=key(step, "chart"))
    p = lesson.prepost(comp)
    st.markdown(
        t(
            "lesson.prepost.caption",
            d=p.width,
            depth=p.depth,
            root=decimals(p.root_width, 2),
            start=decimals(p.start, 2),
            pre=decimals(p.pre_top, 2),
            post=decimals(p.post_top, 2),
        )
    )


def precision_step(t, step: lesson.Step) -> None:
    """RMSNorm of (v, v) three ways, each row one computation: float16 with mean(-1), with sum(-1) / D, float32."""
    v = keyed_slider(st, "x₁ = x₂", *PRECISION_V, step=1.0, key=key(step, "v"))
    p = lesson.precision_scene((v, v))
    header = [
        t("lesson.precision.col.dtype"),
        t("lesson.precision.col.squares"),
        t("lesson.precision.col.sum"),
        t("lesson.precision.col.mean"),
        t("lesson.precision.col.out"),
    ]
    rows = [
        [
            t(f"lesson.precision.{k}"),
            decimals_vector(r.squares, 1),
            "—" if r.total is None else decimals(r.total, 1),
            decimals(r.mean_square, 1),
            decimals_vector(r.y),
        ]
        for k, r in p.rows.items()
    ]
    st.markdown(markdown_table(header, rows, "lrrrr"))
    st.caption(
        t(
            "lesson.precision.caption",
            max=f"{p.fp16_max:g}",
            threshold=f"{p.threshold:.2f}",
            source=p.source,
            sum_threshold=f"{p.sum_threshold:.2f}",
        )
    )


def eps_step(t, step: lesson.Step) -> None:
    """The table at three fixed ε, and the ε page's chart: ‖LayerNorm(x)‖ against ‖x‖ at the chosen ε."""
    eps_table(t, step.param["x"])
    log_eps = keyed_slider(st, t("lesson.eps.slider"), *LOG_EPS, step=0.5, key=key(step, "log_eps"))
    eps = eps_ui.eps_from_exponent(float(log_eps))
    n = len(step.param["x"])
    chart(eps_ui.norm_figure("ln", n, eps, t, projector(), backend()), key=key(step, "chart"))
    st.caption(t("lesson.eps.chart", r=f"{np.sqrt(n) * lesson.eps_rows(step.param['x'])[0].sigma:.2e}"))


def eps_table(t, x=(5.0, 5.001, 4.999)) -> None:
    """LayerNorm of a near-constant vector and of the zero vector at several ε."""
    header = [t("lesson.eps.col.x"), "ε", t("lesson.eps.col.sigma"), t("lesson.eps.col.out"), t("lesson.eps.col.norm")]
    rows = [
        [decimals_vector(r.x, 3), f"{r.eps:g}", f"{r.sigma:.2e}", decimals_vector(r.output), decimals(r.norm)]
        for r in lesson.eps_rows(x)
    ]
    st.markdown(markdown_table(header, rows, "lrrlr"))


def cost_step(t, step: lesson.Step) -> None:
    d = int(st.select_slider(t("lesson.cost.d"), COST_D, key=key(step, "d")))
    c = cost.compute(**(step.param | {"hidden": d}))
    i = c.inputs
    st.markdown(
        t(
            "lesson.cost.formula",
            tokens=i.tokens,
            d=i.hidden,
            bytes=f"{i.bytes_per_value:g}",
            calls=c.calls,
            gb=f"{c.bytes_total / 1e9:.1f}",
            bw=f"{i.bandwidth / 1e12:g}",
            ms=f"{1e3 * c.time_bandwidth:.1f}",
            gflop=f"{c.norm_flops / 1e9:.0f}",
            peak=f"{i.peak_flops / 1e12:g}",
            cms=f"{1e3 * c.time_compute:.2f}",
        )
    )


@cached(8)
def warp_view(step: lesson.Step, t, proj: bool, backend_: _xp.Backend) -> tuple[lesson.GridLanding, dict]:
    """The warp step's grid morph (the warp page's figure builder, no fibre or stretch drawn) and where the grid's
    points land."""
    p = step.param
    morph = warp.grid_morph(2, p["method"], eps=step.eps, extent=p["extent"], count=p["count"], backend=backend_)
    return lesson.grid_landing(step), warp_figs.morph_figure(morph, t, projector=proj, extent=p["extent"])


def landing_text(t, landing: lesson.GridLanding) -> str:
    """Where the grid's points go, from ``lesson.grid_landing``: the two sides of the diagonal, or the count."""
    sides = {g.side: g for g in landing.groups}
    if len(landing.groups) == 2 and set(sides) == {"below", "above"}:
        return t(
            "lesson.warp.landing",
            total=landing.total,
            below=sides["below"].count,
            below_out=decimals_vector(sides["below"].output, 2),
            above=sides["above"].count,
            above_out=decimals_vector(sides["above"].output, 2),
            undefined=landing.undefined,
        )
    return t("lesson.warp.distinct", total=landing.total, distinct=len(landing.groups), undefined=landing.undefined)


def warp_step(t, step: lesson.Step) -> None:
    """The warp page's grid morph for LayerNorm at ε = 0 (played in the browser), and where its points land."""
    landing, spec = warp_view(step, t, projector(), backend())
    animated_chart(spec, key=key(step, "chart"))  # HTML Play/Pause and the keys, no rerun per frame
    st.markdown(landing_text(t, landing))


def beyond_step(t, step: lesson.Step) -> None:
    """The optional closing step: DyT, QK-norm and one massive activation (``lesson.beyond_scene``), then Peri-Norm
    and nGPT on the residual page's default stack (its cached comparison and figure, Pre/Peri/nGPT drawn)."""
    b = lesson.beyond_scene(step)
    st.markdown(
        t(
            "lesson.beyond.dyt",
            x=decimals_vector(b.x, 0),
            alpha=f"{b.alpha:g}",
            dyt=decimals_vector(b.dyt, 3),
            ln=decimals_vector(b.ln, 3),
            distance=decimals(b.distance, 3),
            c=f"{b.offset:g}",
            offset_ln=decimals_vector(b.offset_ln, 3),
            offset_dyt=decimals_vector(b.offset_dyt, 3),
            offset_distance=decimals(b.offset_distance, 4),
            limit=decimals(b.offset_limit, 4),
        )
    )
    st.markdown(
        t(
            "lesson.beyond.derf",
            x=decimals_vector(b.x, 0),
            alpha=f"{b.derf_curve.alpha:g}",
            derf=decimals_vector(b.derf, 3),
            distance=decimals(b.derf_distance, 3),
            slope_dyt=decimals(b.dyt_curve.steepest, 3),
            slope_derf=decimals(b.derf_curve.steepest, 3),
            sat_dyt=decimals(b.dyt_curve.saturation[1], 2),
            sat_derf=decimals(b.derf_curve.saturation[1], 2),
            pct=f"{100 * b.derf_curve.level:g}",
            vit_ln=decimals(b.vit.layer_norm, b.vit.digits),
            vit_dyt=decimals(b.vit.dyt, b.vit.digits),
            vit_derf=decimals(b.vit.derf, b.vit.digits),
        )
    )
    st.markdown(
        t(
            "lesson.beyond.frozen",
            x=decimals_vector(b.x, 0),
            c=decimals(b.frozen_c, 4),
            ln=decimals_vector(b.ln, 3),
            double=decimals_vector(b.frozen_double, 3),
            ln_double=decimals_vector(b.ln_double, 3),
        )
    )
    if (frozen := frozen_model(lesson.MODEL_SENTENCE)) is not None:
        st.markdown(
            t(
                "lesson.beyond.frozen_model",
                count=len(model.NORMS),
                sentence=frozen.sentence,
                cos=decimals(frozen.cosine, 3),
                cos_one=decimals(frozen.cosine_one, 3),
            )
        )
    st.markdown(
        t(
            "lesson.beyond.qk",
            d=b.head_dim,
            bound=decimals(b.bound, 2),
            m=step.param["keys"],
            s=f"{b.qk_scale:g}",
            plain1=decimals(b.plain_max[0], 2),
            plain_s=decimals(b.plain_max[1], 2),
            normed1=decimals(b.normed_max[0], 2),
            normed_s=decimals(b.normed_max[1], 2),
            h1=decimals(b.plain_entropy[0], 2),
            h_s=decimals(b.plain_entropy[1], 2),
        )
    )
    st.markdown(
        t(
            "lesson.beyond.outlier",
            d=b.outlier_dim,
            rest=b.outlier_dim - 1,
            s=f"{b.outlier:g}",
            factor=decimals(b.rms_factor, 4),
            dyt=decimals(b.dyt_other, 4),
            alpha=f"{b.alpha:g}",
        )
    )
    if not _xp.torch_installed():
        st.info(t("lesson.prepost.no_torch"), icon="ℹ️")
        return
    config = residual.StackConfig()  # the residual page's default: D = 128, 24 layers, seed 0, scale 1, gain 1
    comp, _ = res_ui.comparison(config, backend())
    values = beyond_ui.tops_values(beyond.stack_tops(comp))
    st.markdown(t("lesson.beyond.residual", d=values["width"], **values))
    chart(res_ui.figure(config, backend(), t, projector(), BEYOND_SHOWN), key=key(step, "chart"))


def frozen_model(sentence: str) -> lesson.FrozenScene | None:
    """The real model with σ frozen on the lesson's sentence (``lesson.frozen_scene``, cached), or None without
    torch or without the model's files (the closing step then keeps to the formula)."""
    if not _xp.torch_installed():
        return None
    try:
        return _frozen_model(sentence, model.load().folder)
    except model.ModelFileError:
        return None


@cached(4)
def _frozen_model(sentence: str, folder) -> lesson.FrozenScene:
    """``folder``, the verified model folder, is part of the key only (as ``model_view``'s)."""
    return lesson.frozen_scene(sentence)


@cached(4)
def model_view(step: lesson.Step, folder, t, proj: bool) -> tuple[lesson.ModelScene, dict]:
    """The real-model step's numbers (``lesson.model_scene``: one forward pass) and its packed chart. ``folder``,
    the verified model folder, is part of the key only: files that vanish are noticed before the cache is read."""
    scene = lesson.model_scene(step)
    spec = lesson_figs.model_share_figure(
        scene.names, scene.mean_share, scene.mean_gap, t, projector=proj, top=scene.top
    )
    return scene, packed(spec)


def _coords(indices) -> str:
    return ", ".join(f"x{subscript(int(i))}" for i in indices)


def model_texts(t, m: lesson.ModelScene) -> list[str]:
    """The step's sentences: the share along 𝟏, the LN–RMS gap, and the last norm's γ ≈ 0 coordinates (with the
    ones among its input's outlier coordinates, said only where there are some)."""
    share, gap = m.mean_share, m.mean_gap
    top, low = m.top, m.low
    texts = [
        t(
            "lesson.model.share",
            sentence=m.sentence,
            count=len(m.tokens),
            top=m.names[top],
            top_mean=percent(float(share[top])),
            low=m.names[low],
            low_mean=percent(float(share[low])),
            max=percent(float(np.max(m.shares))),
        ),
        t(
            "lesson.model.gap",
            eps=shortest(m.eps),
            top=m.names[top],
            top_gap=decimals(float(gap[top]), 4),
            low=m.names[low],
            low_gap=decimals(float(gap[low]), 4),
            max_gap=decimals(float(np.max(m.gaps)), 4),
            error=significant(m.formula_error, 2),
        ),
    ]
    if m.small_gamma:
        parts = [t("lesson.model.gamma", norm=m.names[-1], count=len(m.small_gamma), coords=_coords(m.small_gamma))]
        if m.both:
            values = {"threshold": shortest(m.threshold), "ratio": decimals(m.both_ratio, 1)}
            if len(m.both) == len(m.small_gamma):
                parts.append(t("lesson.model.gamma.all", count=len(m.both), **values))
            else:
                parts.append(t("lesson.model.gamma.some", both=_coords(m.both), **values))
        texts.append(t.sentences(parts))
    return texts


def model_step(t, step: lesson.Step) -> None:
    """The optional real-model step: a trained model on the step's sentence (``lesson.model_scene``, cached), the
    mean share along 𝟏 and LN–RMS gap per norm, and a link to the real-model page. Without torch or without the
    model's files: one line saying so."""
    if not _xp.torch_installed():
        st.info(t("lesson.model.no_torch"), icon="ℹ️")
        return
    try:
        m, spec = model_view(step, model.load().folder, t, projector())
    except model.ModelFileError:
        st.info(t("lesson.model.missing", install=model.INSTALL), icon="ℹ️")
        return
    first, second, *rest = model_texts(t, m)
    st.markdown(first)
    chart(spec, key=key(step, "chart"), description=t("lesson.model.description"))
    st.markdown(second)
    for text in rest:
        st.markdown(text)
    page_link(t, "model", t("lesson.model.link"), **{"model.text": m.sentence})


def summary_step(t, step: lesson.Step) -> None:
    header = [
        t("lesson.summary.col.method"),
        t("lesson.summary.col.formula"),
        t("lesson.summary.col.c"),
        t("lesson.summary.col.s"),
        t("lesson.summary.col.dof"),
        t("lesson.summary.col.radius"),
    ]
    rows = [
        [t(f"method.{k}"), f"`{m.formula}`", *lesson.FORM[k], str(m.dof(3)), "1" if m.unit_radius else "√n"]
        for k, m in METHODS.items()
    ]
    st.markdown(markdown_table(header, rows))


DRAW = {
    "plane": projection_step,
    "space": projection_step,
    "dof": dof_step,
    "pairs": pairs_step,
    "shift": shift_step,
    "axes": axes_step,
    "residual": residual_step,
    "precision": precision_step,
    "eps": eps_step,
    "cost": cost_step,
    "summary": summary_step,
    "warp": warp_step,
    "beyond": beyond_step,
    "model": model_step,
}


@links.fragment
def step_section(t, step: lesson.Step) -> None:
    """The step's scene: its controls rerun this part only (and write the URL)."""
    DRAW[step.kind](t, step)
