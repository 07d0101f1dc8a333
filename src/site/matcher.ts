/**
 * Multi-pattern matching on token-id sequences: an Aho–Corasick automaton.
 *
 * Paper 004 (Foschini), §3.4 and §4.2.1: the cleaner applies each template expression to the
 * text and records the start and end of every match. Departure: the thesis compiled templates
 * into regular expressions run one by one with boost::regex; thresher matches the token
 * sequences themselves, all at once, so the cost is linear in the text (plus the matches) and no
 * pattern can backtrack. A token the templates never use maps to -1 and sends the automaton to
 * its root in one step.
 *
 * Each state records the longest pattern that ends there (itself or through its failure chain):
 * interval-union cleaning only needs the longest match ending at each position, since every
 * shorter one ending there is its suffix and lies inside it.
 */

/** Counts automaton work, so tests can assert linearity without timing anything. */
export interface MatchCounter {
  /** Child look-ups plus failure-link moves. */
  steps: number;
}

export class TokenMatcher {
  /** Per state: child symbol → state. */
  private readonly children: Map<number, number>[] = [new Map()];
  private fail: Int32Array = new Int32Array(1);
  /** Per state: length of the longest pattern that is a suffix of the state's string (0: none). */
  private longest: Int32Array = new Int32Array(1);
  /** Per state: index of that pattern (-1: none). */
  private longestPattern: Int32Array = new Int32Array(1).fill(-1);
  readonly maxLength: number;
  readonly patternCount: number;

  constructor(patterns: ArrayLike<number>[]) {
    const terminal: number[] = [-1], depth: number[] = [0];
    let maxLength = 0;
    patterns.forEach((p, pi) => {
      let s = 0;
      for (let i = 0; i < p.length; i++) {
        const c = p[i];
        let nx = this.children[s].get(c);
        if (nx === undefined) {
          nx = this.children.length;
          this.children.push(new Map());
          terminal.push(-1); depth.push(depth[s] + 1);
          this.children[s].set(c, nx);
        }
        s = nx;
      }
      if (p.length > 0 && terminal[s] < 0) terminal[s] = pi;
      maxLength = Math.max(maxLength, p.length);
    });
    this.maxLength = maxLength;
    this.patternCount = patterns.length;
    this.link(terminal, depth);
  }

  /** Failure links and longest outputs, breadth first. */
  private link(terminal: number[], depth: number[]): void {
    const N = this.children.length;
    this.fail = new Int32Array(N);
    this.longest = new Int32Array(N);
    this.longestPattern = new Int32Array(N).fill(-1);
    const queue = new Int32Array(N);
    let qh = 0, qt = 0;
    for (const nx of this.children[0].values()) { this.fail[nx] = 0; queue[qt++] = nx; }
    while (qh < qt) {
      const s = queue[qh++];
      const f = this.fail[s];
      if (terminal[s] >= 0) { this.longest[s] = depth[s]; this.longestPattern[s] = terminal[s]; }
      else { this.longest[s] = this.longest[f]; this.longestPattern[s] = this.longestPattern[f]; }
      for (const [c, nx] of this.children[s]) {
        let g = f;
        while (g > 0 && !this.children[g].has(c)) g = this.fail[g];
        const h = this.children[g].get(c);
        this.fail[nx] = h !== undefined && h !== nx ? h : 0;
        queue[qt++] = nx;
      }
    }
  }

  /** The state after reading `symbol` in `state`. */
  step(state: number, symbol: number, counter?: MatchCounter): number {
    if (symbol < 0) { if (counter) counter.steps++; return 0; }
    let s = state;
    for (;;) {
      if (counter) counter.steps++;
      const nx = this.children[s].get(symbol);
      if (nx !== undefined) return nx;
      if (s === 0) return 0;
      s = this.fail[s];
    }
  }

  /** Length of the longest pattern ending in `state` (0: none). */
  longestAt(state: number): number { return this.longest[state]; }
  /** Index of that pattern (-1: none). */
  patternAt(state: number): number { return this.longestPattern[state]; }
  get states(): number { return this.children.length; }
}
