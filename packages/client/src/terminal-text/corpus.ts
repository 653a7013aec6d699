/**
 * Hostile strings for terminal surfaces, each with the words a person must still see after
 * sanitising. A surface passes when its output holds no ESC, C1 or bidi control from these and
 * every `visible` word is shown.
 */

export interface HostileTerminalText {
  /** What the string tries to do. */
  name: string;
  text: string;
  /** Plain words of the text that must survive sanitising. */
  visible: readonly string[];
}

const ESC = "\u001b";
const BEL = "\u0007";
const ST = `${ESC}\\`;

/** One row per attack; `visible` words are ASCII, CJK or emoji so any surface can look for them. */
export const HOSTILE_TERMINAL_TEXT: readonly HostileTerminalText[] = [
  { name: "clear screen and home", text: `before${ESC}[2J${ESC}[Hafter`, visible: ["before", "after"] },
  { name: "clear scrollback", text: `keep${ESC}[3Jme`, visible: ["keep", "me"] },
  { name: "window title (OSC 0, BEL)", text: `a${ESC}]0;pwned-title${BEL}b`, visible: ["pwned-title"] },
  { name: "window title (OSC 2, ST)", text: `a${ESC}]2;title-st${ST}b`, visible: ["title-st"] },
  {
    name: "OSC 52 clipboard write",
    text: `copy${ESC}]52;c;ZWNobyBwd25lZA==${BEL}done`,
    visible: ["copy", "ZWNobyBwd25lZA==", "done"],
  },
  { name: "OSC 52 clipboard read", text: `x${ESC}]52;c;?${BEL}y`, visible: ["x", "y"] },
  {
    name: "OSC 8 hyperlink hiding its target",
    text: `${ESC}]8;;https://evil.example/${ST}click-me${ESC}]8;;${ST}`,
    visible: ["evil.example", "click-me"],
  },
  { name: "OSC 7 working directory", text: `${ESC}]7;file:///etc${BEL}cwd`, visible: ["cwd"] },
  { name: "OSC 1337 iTerm file", text: `${ESC}]1337;File=name=eA==:AAAA${BEL}img`, visible: ["img"] },
  { name: "OSC 4 palette change", text: `${ESC}]4;1;rgb:00/00/00${ST}palette`, visible: ["palette"] },
  { name: "DCS request (DECRQSS)", text: `${ESC}P$qm${ST}dcs-after`, visible: ["dcs-after"] },
  { name: "DCS sixel", text: `${ESC}Pq#0;2;0;0;0#1~~${ST}sixel`, visible: ["sixel"] },
  { name: "SOS string", text: `${ESC}Xhidden-sos${ST}sos`, visible: ["hidden-sos", "sos"] },
  { name: "PM string", text: `${ESC}^hidden-pm${ST}pm`, visible: ["hidden-pm"] },
  { name: "APC string (kitty graphics)", text: `${ESC}_Gf=100;AAAA${ST}apc`, visible: ["apc"] },
  { name: "8-bit CSI clear", text: "left\u009b2Jright", visible: ["left", "right"] },
  { name: "8-bit OSC title", text: "t\u009d0;c1-title\u0007x", visible: ["c1-title"] },
  { name: "8-bit DCS and ST", text: "\u0090qpayload\u009cafter-c1", visible: ["payload", "after-c1"] },
  { name: "8-bit NEL and IND", text: "one\u0085two\u0084three", visible: ["one", "two", "three"] },
  { name: "cursor up and erase line", text: `real${ESC}[1A${ESC}[2Kfake`, visible: ["real", "fake"] },
  { name: "cursor position", text: `${ESC}[10;10Hplaced`, visible: ["placed"] },
  { name: "save and restore cursor", text: `${ESC}7saved${ESC}8restored`, visible: ["saved", "restored"] },
  { name: "carriage return overwrite", text: "rm -rf /\rls -la   ", visible: ["rm -rf /", "ls -la"] },
  { name: "backspace overwrite", text: "danger\b\b\b\b\b\bsafe!!", visible: ["danger", "safe"] },
  { name: "BEL flood", text: `ring${BEL.repeat(200)}ring`, visible: ["ring"] },
  { name: "SGR hidden text", text: `shown${ESC}[8mconcealed${ESC}[0m`, visible: ["shown", "concealed"] },
  { name: "SGR fake colour", text: `${ESC}[32m✓ tests passed${ESC}[0m`, visible: ["tests passed"] },
  { name: "alternate screen", text: `${ESC}[?1049hgone${ESC}[?1049l`, visible: ["gone"] },
  { name: "mouse tracking on", text: `${ESC}[?1000h${ESC}[?1006hmouse`, visible: ["mouse"] },
  { name: "bracketed paste end injection", text: `${ESC}[201~echo injected`, visible: ["echo injected"] },
  { name: "device attributes query", text: `${ESC}[c${ESC}[6nquery`, visible: ["query"] },
  { name: "full reset (RIS)", text: `${ESC}creset`, visible: ["reset"] },
  {
    name: "charset switch (SO, ESC ( 0)",
    text: `\u000e${ESC}(0lqqk${ESC}(Bshift`,
    visible: ["lqqk", "shift"],
  },
  { name: "bidi override RLO", text: "file\u202eexe.txt", visible: ["file", "exe.txt"] },
  {
    name: "bidi isolates",
    text: "a\u2066isolate\u2069b\u2067r\u2068f\u2069",
    visible: ["isolate"],
  },
  { name: "bidi marks", text: "x\u200ey\u200fz\u061cw", visible: ["x", "y", "z", "w"] },
  {
    name: "bidi embeddings",
    text: "\u202aLRE\u202bRLE\u202cPDF\u202dLRO",
    visible: ["LRE", "RLE", "PDF", "LRO"],
  },
  {
    name: "unterminated OSC",
    text: `start${ESC}]0;never ends and the rest is here`,
    visible: ["the rest is here"],
  },
  { name: "unterminated CSI", text: `start${ESC}[12;34 still here`, visible: ["still here"] },
  { name: "unterminated DCS", text: `${ESC}Pno terminator follows`, visible: ["no terminator follows"] },
  { name: "lone ESC at the end", text: `trailing${ESC}`, visible: ["trailing"] },
  { name: "NUL and other C0", text: "nul\u0000vt\u000bff\u000cend", visible: ["nul", "vt", "ff", "end"] },
  { name: "DEL", text: "del\u007fete", visible: ["del", "ete"] },
  { name: "CJK with a title set", text: `你好${ESC}]0;标题${BEL}世界`, visible: ["你好", "标题", "世界"] },
  { name: "emoji with a clear screen", text: `🎉 party${ESC}[2J👍 ok`, visible: ["🎉 party", "👍 ok"] },
  {
    name: "markdown wrapping an attack",
    text: `**bold** \`code${ESC}]52;c;cHduZWQ=${BEL}\`\n\n- item${ESC}[2J`,
    visible: ["bold", "code", "item"],
  },
  { name: "nested sequence in OSC", text: `${ESC}]0;${ESC}[2J${BEL}nested`, visible: ["nested"] },
  {
    name: "newlines and tabs kept",
    text: "col1\tcol2\nline2\r\nline3",
    visible: ["col1", "col2", "line2", "line3"],
  },
];
