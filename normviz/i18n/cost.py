"""Strings of the cost page (代价 / Cost): the calculator and the live benchmark."""

STRINGS = {
    "nav.cost": {"zh": "代价", "en": "Cost"},
    "overview.page.cost": {
        "zh": "归一化算得少、搬得多：逐步算出它读写多少字节、要多少时间、占多少 FLOPs，再在本机实测带宽。",
        "en": "Normalization computes little and moves a lot: bytes, time and FLOP share worked out step by step, "
        "then the bandwidth measured on this machine.",
    },
    "cost.title": {"zh": "代价：归一化是搬数据，不是算数据", "en": "Cost: normalization moves data more than it computes"},
    "cost.intro": {
        "zh": "归一化对每个元素只做几次加减乘除，却必须把整块激活从显存里读出来、再把结果写回去。"
        "下面的计算器把一次前向传播里所有归一化的字节数、耗时和 FLOPs 逐行算出来；默认值是一个 13 亿参数、"
        "24 层、隐藏维 2048 的模型在 32 768 个 token 上的一个 micro-batch（每层 2 次归一化，16 位激活，2 TB/s）。",
        "en": "A normalization does a handful of additions and multiplications per element, but it has to read the "
        "whole activation tensor from memory and write the result back. The calculator below works out, line by "
        "line, the bytes, the time and the FLOPs of all the normalizations in one forward pass. The defaults are one "
        "micro-batch of 32 768 tokens through a 1.3-billion-parameter model with 24 layers, hidden size 2048, two "
        "normalizations per layer, 16-bit activations and 2 TB/s of memory bandwidth.",
    },
    "cost.inputs.header": {"zh": "输入", "en": "Inputs"},
    "cost.tokens": {"zh": "token 数 T（batch × 序列长度）", "en": "Tokens T (batch × sequence)"},
    "cost.tokens.help": {
        "zh": "一次前向传播同时处理的 token 数。训练和预填充时成千上万，逐 token 解码时等于 batch 大小。",
        "en": "Tokens processed by one forward pass: tens of thousands in training and prefill, the batch size when "
        "decoding one token at a time.",
    },
    "cost.hidden": {"zh": "隐藏维 D", "en": "Hidden size D"},
    "cost.layers": {"zh": "层数 L", "en": "Layers L"},
    "cost.per_layer": {"zh": "每层归一化次数 k", "en": "Norms per layer k"},
    "cost.per_layer.help": {
        "zh": "Pre-Norm 的 Transformer 每层 2 次：注意力之前一次，MLP 之前一次。",
        "en": "A Pre-Norm transformer has 2 per layer: one before attention, one before the MLP.",
    },
    "cost.dtype": {"zh": "激活的数据类型（每个值的字节数 b）", "en": "Activation dtype (bytes per value b)"},
    "cost.bandwidth": {"zh": "显存带宽 B（TB/s）", "en": "Memory bandwidth B (TB/s)"},
    "cost.params": {"zh": "矩阵乘的参数量 P（十亿）", "en": "Parameters P of the matmuls (billions)"},
    "cost.peak": {"zh": "峰值算力（TFLOP/s，假设值）", "en": "Peak compute (TFLOP/s, an assumption)"},
    "cost.peak.help": {
        "zh": "只用于比较「算」和「搬」哪个更慢。默认 1000 TFLOP/s 是假设的 16 位稠密峰值，不是测量值。",
        "en": "Used only to compare computing with moving data. The default 1000 TFLOP/s is an assumed dense 16-bit "
        "peak, not a measurement.",
    },
    "cost.preset.seed": {"zh": "训练 micro-batch（种子 003）", "en": "Training micro-batch (seed 003)"},
    "cost.preset.decode": {"zh": "逐 token 解码（batch 1）", "en": "Decoding one token (batch 1)"},
    "cost.presets": {"zh": "场景", "en": "Scenarios"},
    "cost.steps.header": {"zh": "逐步计算", "en": "Step by step"},
    "cost.col.step": {"zh": "步骤", "en": "step"},
    "cost.col.formula": {"zh": "公式", "en": "formula"},
    "cost.col.numbers": {"zh": "代入数字", "en": "with the numbers"},
    "cost.col.value": {"zh": "结果", "en": "result"},
    "cost.step.elements": {"zh": "每次调用的元素数", "en": "elements per call"},
    "cost.step.bytes_call": {"zh": "每次调用读 + 写的字节", "en": "bytes per call (read + write)"},
    "cost.step.calls": {"zh": "归一化调用次数", "en": "norm calls"},
    "cost.step.bytes_total": {"zh": "一次前向的总字节", "en": "bytes in one forward pass"},
    "cost.step.time": {"zh": "按带宽算的时间", "en": "time at the bandwidth"},
    "cost.step.flops_call": {"zh": "每次调用的 FLOPs", "en": "FLOPs per call"},
    "cost.step.flops_norm": {"zh": "归一化的总 FLOPs", "en": "FLOPs of all norms"},
    "cost.step.flops_matmul": {"zh": "矩阵乘的 FLOPs", "en": "FLOPs of the matmuls"},
    "cost.step.flop_share": {"zh": "归一化的 FLOPs 占比", "en": "norms' share of FLOPs"},
    "cost.step.seed_matmul": {"zh": "种子的矩阵乘 FLOPs（乘了元素数）", "en": "seed's matmul FLOPs (times elements)"},
    "cost.step.seed_share": {"zh": "种子的占比（有误）", "en": "seed's share (mistaken)"},
    "cost.step.intensity": {"zh": "归一化的算术强度", "en": "norm's arithmetic intensity"},
    "cost.step.balance": {"zh": "机器平衡点", "en": "machine balance"},
    "cost.step.time_compute": {"zh": "归一化按峰值算力的时间", "en": "norm time at peak compute"},
    "cost.step.norm_time": {"zh": "归一化的时间（屋顶线）", "en": "norm time (roofline)"},
    "cost.step.matmul_time": {"zh": "矩阵乘的时间（屋顶线）", "en": "matmul time (roofline)"},
    "cost.step.time_share": {"zh": "归一化的时间占比", "en": "norms' share of time"},
    "cost.symbols": {
        "zh": "符号：T token 数，D 隐藏维，b 每个值的字节数，×2 是读一遍再写一遍，L 层数，k 每层归一化次数，"
        "B 带宽（字节/秒），P 参数量，f = {f} 是每个元素的浮点运算数（求和、平方再累加、减均值、除以标准差、仿射，"
        "按种子的算法各记 1 次），peak 是假设的峰值算力。时间按屋顶线：一个操作耗时取「FLOPs / 峰值」与"
        "「字节 / 带宽」中较大者；矩阵乘只计一次读权重（P × b 字节），不计它的激活读写。",
        "en": "Symbols: T tokens, D hidden size, b bytes per value, ×2 for one read plus one write, L layers, "
        "k norms per layer, B bandwidth (bytes/s), P parameters, f = {f} floating-point operations per element "
        "(sum, square-and-add, subtract the mean, divide by the standard deviation, affine: one each, as the seed "
        "counts), peak the assumed compute peak. Times follow a roofline: an operation takes the larger of "
        "FLOPs / peak and bytes / bandwidth; the matmuls are charged one read of their weights (P × b bytes) and "
        "nothing for their activations.",
    },
    "cost.seed.header": {"zh": "种子里的 10⁻⁷ 是怎么来的", "en": "Where the seed's 10⁻⁷ comes from"},
    "cost.seed.text": {
        "zh": "矩阵乘每个 token 对每个参数做 2 次 FLOP，所以是 2 × P × T = {right}，归一化占 {share}。"
        "种子在这里用了元素数 T × D 代替 token 数 T，得到 2 × P × T × D = {wrong}，多乘了一个 D = {d}，"
        "于是占比缩成 {seed_share}。",
        "en": "A matmul does 2 FLOPs per parameter per token, so 2 × P × T = {right}, and the norms' share is "
        "{share}. The seed used the element count T × D where the token count T belongs, getting "
        "2 × P × T × D = {wrong}, a factor D = {d} too large, which shrinks the share to {seed_share}.",
    },
    "cost.bound.header": {"zh": "带宽受限：时间占比与 FLOPs 占比", "en": "Bandwidth-bound: share of time against share of FLOPs"},
    "cost.bound.text": {
        "zh": "归一化每搬 1 字节只做 {intensity} 次 FLOP，而这台假设的机器每搬 1 字节能做 {balance} 次，"
        "所以它的时间由带宽决定：按算力只要 {compute}，按带宽要 {bandwidth}。这里它占 FLOPs 的 {flop_share}，"
        "却占时间的 {time_share}。",
        "en": "A normalization does {intensity} FLOP per byte it moves, while this assumed machine can do {balance} "
        "per byte, so its time is set by bandwidth: {compute} at peak compute, {bandwidth} at the bandwidth. "
        "Here it is {flop_share} of the FLOPs but {time_share} of the time.",
    },
    "cost.bound.matmul_compute": {
        "zh": "矩阵乘的算术强度是 {mi} FLOP/字节，高于平衡点，受算力限制；这正是归一化的时间占比比 FLOPs 占比"
        "大得多的原因。",
        "en": "The matmuls do {mi} FLOP per byte of weights, above the balance: they are compute-bound, which is "
        "why the norms' share of time is so much larger than their share of FLOPs.",
    },
    "cost.bound.matmul_memory": {
        "zh": "矩阵乘的算术强度只有 {mi} FLOP/字节，低于平衡点，也受带宽限制（逐 token 解码就是这样）："
        "两边都在等内存，按这个模型时间占比与 FLOPs 占比相差不大。实际解码中归一化往往更显眼，"
        "来自每次内核启动的固定开销和小张量达不到满带宽，这个模型没有计入。",
        "en": "The matmuls do only {mi} FLOP per byte of weights, below the balance: they are bandwidth-bound too "
        "(as in decoding one token at a time). Both sides wait for memory, so in this model the share of time is "
        "close to the share of FLOPs. In real decoding normalization often stands out more because of the fixed "
        "cost of each kernel launch and because small tensors do not reach full bandwidth; this model leaves "
        "those out.",
    },
    "cost.bench.header": {"zh": "实测：这台机器上的带宽", "en": "Measured: bandwidth on this machine"},
    "cost.bench.intro": {
        "zh": "先测一次纯复制（读 + 写同样多的字节）作为带宽上限，再测 LayerNorm、RMSNorm 和 L2 在几个形状上能达到多少。"
        "GB/s 按「读的字节 + 写的字节」除以中位耗时计算（热身不计）。这里只跑小尺寸，约一两秒；"
        "完整的表请用命令行 `python -m normviz bench`。",
        "en": "First a plain copy (reading and writing the same bytes) as the bandwidth ceiling, then how close "
        "LayerNorm, RMSNorm and L2 get at a few shapes. GB/s is (bytes read + bytes written) / median time, warm-up "
        "runs excluded. Only small sizes run here, a second or two; the full table is `python -m normviz bench` on "
        "the command line.",
    },
    "cost.bench.run": {"zh": "开始测量（{backend}）", "en": "Run the benchmark ({backend})"},
    "cost.bench.rerun": {"zh": "重新测量", "en": "Measure again"},
    "cost.bench.progress": {"zh": "正在测 {op}，形状 {shape}…", "en": "Measuring {op} at shape {shape}…"},
    "cost.bench.done": {
        "zh": "{backend}，{dtype}，每项取 {repeats} 次的中位数。测量时系统负载 {load}：别人同时在用 CPU 时数字会抖动。",
        "en": "{backend}, {dtype}, median of {repeats} runs each. Load average while measuring: {load}; the figures "
        "move when others use the CPU at the same time.",
    },
    "cost.bench.none": {
        "zh": "还没有测量结果。按上面的按钮开始；结果会保留到本次会话结束。",
        "en": "No measurement yet. Press the button above; the result is kept for this session.",
    },
    "cost.col.shape": {"zh": "形状", "en": "shape"},
    "cost.col.op": {"zh": "操作", "en": "operation"},
    "cost.col.time": {"zh": "中位耗时", "en": "median time"},
    "cost.col.gbs": {"zh": "GB/s", "en": "GB/s"},
    "cost.col.vs_copy": {"zh": "相对复制", "en": "vs copy"},
    "cost.op.copy": {"zh": "复制", "en": "copy"},
    "cost.fig.title": {"zh": "达到的带宽（读 + 写）", "en": "Bandwidth reached (read + write)"},
    "cost.fig.x": {"zh": "形状（行 × 维）", "en": "shape (rows × width)"},
    "cost.fig.y": {"zh": "GB/s", "en": "GB/s"},
    "cost.fig.caption": {
        "zh": "每组柱子是一个形状；最左边的灰柱是复制，其余三根离它越近，说明归一化越接近纯搬数据的速度。"
        "小形状上各项都远低于带宽，是每次调用的固定开销占了大头。",
        "en": "Each group is one shape; the grey bar on the left is the copy, and the closer the other three get "
        "to it, the closer the normalization runs to the speed of just moving the data. At small shapes every bar "
        "is far below the bandwidth: the fixed cost of each call dominates.",
    },
    "cost.cli.peak_note": {
        "zh": "峰值算力 {peak} FLOP/s 是假设值。",
        "en": "The peak of {peak} FLOP/s is an assumption, not a measurement.",
    },
}
