"""Strings of the cost page (代价 / Cost): the calculator and the live benchmark."""

STRINGS = {
    "nav.cost": {"zh": "代价", "en": "Cost"},
    "overview.page.cost": {
        "zh": "归一化算得少、搬得多：逐步算出它读写多少字节、要多少时间、占多少 FLOPs，再在本机实测带宽。",
        "en": "Normalization computes little and moves a lot: bytes, time and FLOP share worked out step by step, "
        "then the bandwidth measured on this machine.",
    },
    "cost.title": {
        "zh": "代价：归一化是搬数据，不是算数据",
        "en": "Cost: normalization moves data more than it computes",
    },
    "cost.intro": {
        "zh": "归一化对每个元素只做几次加减乘除，却必须把整块激活从显存里读出来、再把结果写回去。"
        "下面的计算器把一次前向传播里所有归一化的字节数、耗时和 FLOPs 逐行算出来；默认值是一个 13 亿参数、"
        "24 层、隐藏维 2048 的模型在 32 768 个词元上的一个 micro-batch（每层 2 次归一化，16 位激活，2 TB/s）。",
        "en": "A normalization does a handful of additions and multiplications per element, but it has to read the "
        "whole activation tensor from memory and write the result back. The calculator below works out, line by "
        "line, the bytes, the time and the FLOPs of all the normalizations in one forward pass. The defaults are one "
        "micro-batch of 32 768 tokens through a 1.3-billion-parameter model with 24 layers, hidden size 2048, two "
        "normalizations per layer, 16-bit activations and 2 TB/s of memory bandwidth.",
    },
    "cost.inputs.header": {"zh": "输入", "en": "Inputs"},
    "cost.tokens": {"zh": "词元数 T（batch × 序列长度）", "en": "Tokens T (batch × sequence)"},
    "cost.tokens.help": {
        "zh": "一次前向传播同时处理的词元数。训练和预填充时成千上万，逐词元解码时等于 batch 大小。",
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
    # short: the three buttons share a row, and projector mode cuts long labels
    "cost.preset.training": {"zh": "训练", "en": "Training"},
    "cost.preset.decode": {"zh": "解码 batch 1", "en": "Decode, batch 1"},
    "cost.preset.decode_batch": {"zh": "解码 batch 64", "en": "Decode, batch 64"},
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
    "cost.step.slip_matmul": {
        "zh": "错算的矩阵乘 FLOPs（乘了元素数）",
        "en": "matmul FLOPs, miscounted (times elements)",
    },
    "cost.step.slip_share": {"zh": "照错算得到的占比", "en": "share from the miscount"},
    "cost.step.intensity": {"zh": "归一化的算术强度", "en": "norm's arithmetic intensity"},
    "cost.step.balance": {"zh": "机器平衡点", "en": "machine balance"},
    "cost.step.time_compute": {"zh": "归一化按峰值算力的时间", "en": "norm time at peak compute"},
    "cost.step.norm_time": {"zh": "归一化的时间（屋顶线）", "en": "norm time (roofline)"},
    "cost.step.matmul_time": {"zh": "矩阵乘的时间（屋顶线）", "en": "matmul time (roofline)"},
    "cost.step.byte_share": {"zh": "归一化的字节占比（对权重）", "en": "norms' share of bytes (vs weights)"},
    "cost.step.time_share": {"zh": "归一化的时间占比", "en": "norms' share of time"},
    "cost.step.share_ratio": {"zh": "时间占比 ÷ FLOPs 占比", "en": "time share ÷ FLOP share"},
    "cost.symbols": {
        "zh": "符号：T 词元数，D 隐藏维，b 每个值的字节数，×2 是读一遍再写一遍，L 层数，k 每层归一化次数，"
        "B 带宽（字节/秒），P 参数量，f = {f} 是每个元素的浮点运算数（求和、平方再累加、减均值、除以标准差、仿射，"
        "按常见教程的计法各记 1 次），peak 是假设的峰值算力。时间按屋顶线：一个操作耗时取「FLOPs / 峰值」与"
        "「字节 / 带宽」中较大者；矩阵乘只计一次读权重（P × b 字节），不计它的激活读写、KV cache 的读取和注意力"
        "本身的 FLOPs（长上下文解码时这些都加在另一边，归一化的占比会更小）。",
        "en": "Symbols: T tokens, D hidden size, b bytes per value, ×2 for one read plus one write, L layers, "
        "k norms per layer, B bandwidth (bytes/s), P parameters, f = {f} floating-point operations per element "
        "(sum, square-and-add, subtract the mean, divide by the standard deviation, affine: one each, as a common tutorial "
        "counts them), peak the assumed compute peak. Times follow a roofline: an operation takes the larger of "
        "FLOPs / peak and bytes / bandwidth; the matmuls are charged one read of their weights (P × b bytes) and "
        "nothing for their activations, the KV cache or attention's own FLOPs (in long-context decoding those add "
        "to the other side and make the norms' share smaller still).",
    },
    "cost.slip.header": {"zh": "常被引用的 10⁻⁷ 错在哪里", "en": "Where a commonly quoted 10⁻⁷ goes wrong"},
    "cost.slip.text": {
        "zh": "矩阵乘每个词元对每个参数做 2 次 FLOP，所以是 2 × P × T = {right}，归一化占 {share}。"
        "常见的错算在这里用元素数 T × D 代替了词元数 T，得到 2 × P × T × D = {wrong}，多乘了一个 D = {d}，"
        "于是占比缩成 {slip_share}。",
        "en": "A matmul does 2 FLOPs per parameter per token, so 2 × P × T = {right}, and the norms' share is "
        "{share}. The usual slip is to use the element count T × D where the token count T belongs, getting "
        "2 × P × T × D = {wrong}, a factor D = {d} too large, which shrinks the share to {slip_share}.",
    },
    "cost.bound.header": {
        "zh": "带宽受限：时间占比与 FLOPs 占比",
        "en": "Bandwidth-bound: share of time against share of FLOPs",
    },
    "cost.bound.text": {
        "zh": "归一化每搬 1 字节只做 f / 2b = {intensity} 次 FLOP；这台假设的机器在搬 1 字节的时间里能做 "
        "peak / B = {balance} 次。所以归一化的时间由字节数决定，而不是由 FLOPs 决定：按峰值算力只要 {compute}，"
        "按带宽却要 {bandwidth}。在这组输入下，它占 FLOPs 的 {flop_share}，占时间的 {time_share}，"
        "是前者的 {ratio} 倍。",
        "en": "A normalization does f / 2b = {intensity} FLOP per byte it moves; in the time this assumed machine "
        "moves one byte it can do peak / B = {balance} FLOP. So the norms' time is set by bytes, not by FLOPs: "
        "{compute} at peak compute against {bandwidth} at the bandwidth. With these inputs they are {flop_share} "
        "of the FLOPs and {time_share} of the time, {ratio} times as much.",
    },
    "cost.bound.norm_compute": {
        "zh": "在这组输入下，机器平衡点 peak / B = {balance} FLOP/字节低于归一化的 f / 2b = {intensity}：这台机器算得太慢，"
        "连归一化都在等算术而不是等内存（按峰值算力要 {compute}，按带宽只要 {bandwidth}）。它占 FLOPs 的 "
        "{flop_share}，占时间的 {time_share}。现实中的加速器平衡点是每字节几百次 FLOP，那里归一化受带宽限制。",
        "en": "With these inputs the machine balance peak / B = {balance} FLOP per byte is below the norm's "
        "f / 2b = {intensity}: this machine computes so slowly that even normalization waits for arithmetic, not "
        "memory ({compute} at peak compute against {bandwidth} at the bandwidth). The norms are {flop_share} of "
        "the FLOPs and {time_share} of the time. Real accelerators have a balance of hundreds of FLOP per byte, "
        "where normalization is bandwidth-bound.",
    },
    "cost.bound.matmul_compute": {
        "zh": "矩阵乘每字节权重做 2T / b = {mi} 次 FLOP，高于平衡点，受算力限制：它的时间随 FLOPs 增长，"
        "归一化的时间却随字节数增长。所以归一化的时间占比远大于 FLOPs 占比，只要它的份额不大，倍数就接近"
        "「平衡点 ÷ 归一化的算术强度」= {cap}。",
        "en": "The matmuls do 2T / b = {mi} FLOP per byte of weights, above the balance: they are compute-bound, "
        "so their time follows their FLOPs while the norms' time follows their bytes. That is why the norms' share "
        "of time is so much larger than their share of FLOPs; while that share is small, the factor is close to "
        "the balance over the norms' intensity, {cap}.",
    },
    "cost.bound.matmul_memory": {
        "zh": "矩阵乘每字节权重只做 2T / b = {mi} 次 FLOP，低于平衡点：词元这么少时它也受带宽限制，"
        "两边的时间都是「字节 / 带宽」。于是归一化的时间占比就是它的字节占比 {byte_share}，约为 FLOPs 占比的 "
        "4T / f 倍（矩阵乘与归一化算术强度之比），这里是 {ratio} 倍。单序列解码（T = 1）只有 0.8 倍："
        "在这个模型里，光是「逐词元解码」并不会让归一化的时间占比远超 FLOPs 占比。差距随 batch 变大而拉开，"
        "因为每一步的权重只读一次，归一化的字节却随 batch 增长（见下表）。实际解码中归一化常常更显眼，"
        "原因在模型之外：每次内核启动有几微秒的固定开销，小张量也跑不满带宽。",
        "en": "The matmuls do only 2T / b = {mi} FLOP per byte of weights, below the balance: with this few "
        "tokens they are bandwidth-bound too, and both sides take bytes / bandwidth. The norms' share of time is "
        "then their share of bytes, {byte_share}, which is about 4T / f times their share of FLOPs (the matmuls' "
        "intensity over the norms'): here {ratio} times. Decoding a single sequence (T = 1) gives 0.8, so in this "
        "model decoding one token does not by itself make the norms' time share far exceed their FLOP share. The "
        "gap opens as the batch grows, because the weights are read once per step while the norms' bytes grow "
        "with the batch (table below). Where normalization stands out more in real decoding, the reasons lie "
        "outside the model: each kernel launch has a fixed cost of microseconds, and small tensors do not reach "
        "full bandwidth.",
    },
    "cost.scen.header": {"zh": "训练与解码并排比较", "en": "Training and decoding side by side"},
    "cost.scen.intro": {
        "zh": "同一个模型、同一台机器（上面的输入），只改词元数 T。解码时每个序列每步只出 1 个新词元，"
        "所以 T 就是 batch 大小；每步读一遍全部权重。模型不计 KV cache、注意力本身的 FLOPs 和内核启动开销。"
        "字节占比只拿权重作比较，所以只在权重占矩阵乘读写大头时（解码）有意义；训练时矩阵乘读写激活的字节也很多，"
        "这里没有计入，所以训练那一行的字节占比不是归一化在全部内存流量中的份额。",
        "en": "The same model and machine (the inputs above), only the token count T changed. In decoding each "
        "sequence adds one token per step, so T is the batch size, and each step reads all the weights once. The "
        "model leaves out the KV cache, attention's own FLOPs and kernel launch overheads. The byte share compares "
        "with the weights only, so it means something where the weights are most of the matmuls' traffic "
        "(decoding); in training the matmuls also move many bytes of activations, left out here, so the training "
        "row's byte share is not the norms' share of all memory traffic.",
    },
    "cost.scen.training": {"zh": "训练 micro-batch（13 亿参数）", "en": "training micro-batch (1.3 B parameters)"},
    "cost.scen.decode": {"zh": "解码，batch 1", "en": "decoding, batch 1"},
    "cost.scen.decode_batch": {"zh": "解码，batch 64", "en": "decoding, batch 64"},
    "cost.scen.col.case": {"zh": "场景", "en": "case"},
    "cost.scen.col.matmul": {"zh": "矩阵乘受限于", "en": "matmuls bound by"},
    "cost.scen.col.flop": {"zh": "FLOPs 占比", "en": "FLOP share"},
    "cost.scen.col.bytes": {"zh": "字节占比（对权重）", "en": "bytes vs weights"},
    "cost.scen.col.time": {"zh": "时间占比", "en": "time share"},
    "cost.scen.col.ratio": {"zh": "时间 ÷ FLOPs", "en": "time ÷ FLOPs"},
    "cost.scen.compute": {"zh": "算力", "en": "compute"},
    "cost.scen.bandwidth": {"zh": "带宽", "en": "bandwidth"},
    "cost.scen.summary": {
        "zh": "每一行里归一化自己的时间都由字节数决定。它的时间占比是否远超 FLOPs 占比，取决于另一边："
        "矩阵乘受算力限制（训练、预填充）或一次为很多词元读权重（batch 解码）时是；单序列解码时几乎不是。",
        "en": "In every row the norms' own time is set by bytes. Whether their share of time far exceeds their "
        "share of FLOPs depends on the other side: yes when the matmuls are compute-bound (training, prefill) or "
        "read the weights for many tokens at once (a decoding batch); hardly for a single sequence.",
    },
    "cost.storage.header": {
        "zh": "存储：激活留在 float32 要多少显存",
        "en": "Storage: what keeping activations in float32 costs",
    },
    "cost.storage.col.dtype": {"zh": "每个值的类型", "en": "values as"},
    "cost.storage.col.bytes": {"zh": "一个激活张量的字节数", "en": "bytes of one activation tensor"},
    "cost.storage.chosen": {"zh": "**{dtype}**（当前选择）", "en": "**{dtype}** (chosen)"},
    "cost.storage.text": {
        "zh": "一个激活张量（例如一次归一化调用的输入）有 T × D 个值，占 T × D × b 字节。当前每个值 {b} 字节，是 {mib} MiB；"
        "整个张量留在 float32 里就是 {mib32} MiB，为 {ratio} 倍（1 MiB = 2²⁰ 字节）。在 float32 里做归一化的归约不花这份显存："
        "转换发生在寄存器里，读写的张量保持原来的 dtype；要付出它的是把张量本身存成 float32。",
        "en": "One activation tensor (the input of one normalization call, say) holds T × D values and takes T × D × b "
        "bytes. At {b} bytes a value that is {mib} MiB; kept in float32 the whole tensor takes {mib32} MiB, {ratio} "
        "times as much (1 MiB = 2²⁰ bytes). Reducing in float32 inside the norm costs none of this memory: the "
        "conversions happen in registers and the tensor read and written keeps its own dtype. Storing the tensor itself "
        "in float32 is what costs it.",
    },
    "cost.storage.text32": {
        "zh": "一个激活张量（例如一次归一化调用的输入）有 T × D 个值，占 T × D × b 字节。当前已是 float32（每个值 4 字节），"
        "是 {mib} MiB；存成 16 位只要一半，{mib16} MiB（1 MiB = 2²⁰ 字节）。",
        "en": "One activation tensor (the input of one normalization call, say) holds T × D values and takes T × D × b "
        "bytes. Already in float32 (4 bytes a value) that is {mib} MiB; stored in 16 bits it would take half, "
        "{mib16} MiB (1 MiB = 2²⁰ bytes).",
    },
    "cost.bench.header": {"zh": "实测：这台机器上的带宽", "en": "Measured: bandwidth on this machine"},
    "cost.bench.intro": {
        "zh": "先测一次纯复制（读 + 写同样多的字节）作为参照，再测 LayerNorm、RMSNorm 和 L2 在几个形状上能达到多少。"
        "GB/s 按「读的字节 + 写的字节」除以中位耗时计算（热身不计）。这里只跑小尺寸，约一两秒；"
        "完整的表请用命令行 `python -m normviz bench`。",
        "en": "First a plain copy (reading and writing the same bytes) as the yardstick, then how close "
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
    "cost.bench.threads.one": {
        "zh": "numpy 只用了一个 CPU 线程（OMP_NUM_THREADS=1 时如此：`make run` 每个进程占一个核）。",
        "en": "numpy used one CPU thread (as with OMP_NUM_THREADS=1, which `make run` sets: one process per core).",
    },
    "cost.bench.threads.many": {
        "zh": "{mib} MiB 及以上的输入按行分成 {threads} 份，在 {threads} 个 CPU 线程上同时算；更小的输入只用一个线程。"
        "复制始终是单线程的，所以大形状上「相对复制」可以超过 1。",
        "en": "Inputs of {mib} MiB and more were cut into {threads} row parts computed on {threads} CPU threads at "
        "once; smaller ones used one thread. The copy always runs on one thread, so at large shapes 'vs copy' can "
        "exceed 1.",
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
        "最小的形状上归一化落后复制最多：复制只是一次操作，归一化却要好几次数组运算，每次都有固定开销，"
        "数据这么少时开销比搬数据还贵。",
        "en": "Each group is one shape; the grey bar on the left is the copy, and the closer the other three get "
        "to it, the closer the normalization runs to the speed of just moving the data. At the smallest shape the "
        "norms fall furthest behind: the copy is one operation, while a norm is several array operations, each "
        "with a fixed cost that outweighs moving so few bytes.",
    },
    "cost.cli.peak_note": {
        "zh": "峰值算力 {peak} FLOP/s 是假设值。",
        "en": "The peak of {peak} FLOP/s is an assumption, not a measurement.",
    },
}
