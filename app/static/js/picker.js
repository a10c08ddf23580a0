// Choosing one of the server's legal actions by clicking, one step at a time.
//
// Each legal action is described by the game module as a list of steps: a board target
// ({key: "village:12"}) or a named choice ({key: "face:chinese", text: "Chinese"}). The
// picker never invents an action: it only narrows the server's list. At each depth it
// offers the distinct next steps of the actions still possible; a step that all of them
// share is taken for the player; when one action is left it is chosen.

export class Picker {
  /** @param {Array<{action, label, steps: Array<{key, text?, board?: boolean}>}>} options */
  constructor(options) {
    this.all = options;
    this.reset();
  }

  reset() {
    this.remaining = this.all.slice();
    this.depth = 0;
    this.path = [];
    this.skipForced();
  }

  get started() {
    return this.path.length > 0;
  }

  /** The picked keys so far (for drawing the selection). */
  picked() {
    return this.path.map((st) => st.key);
  }

  skipForced() {
    for (;;) {
      if (this.remaining.length === 0) return;
      if (this.remaining.some((o) => o.steps.length <= this.depth)) return;
      const first = this.remaining[0].steps[this.depth];
      // A lone action's steps are shown, not taken (the player sees where a piece would
      // go), except steps marked `auto`: the only way there, taken and shown as picked.
      if (this.remaining.length === 1 && !first.auto) return;
      if (!this.remaining.every((o) => o.steps[this.depth].key === first.key)) return;
      this.path.push(first);
      this.depth += 1;
    }
  }

  /**
   * What can be chosen now:
   *  targets: Map key -> step (board targets to highlight),
   *  choices: [{key, text}] named choices (buttons),
   *  finals:  [option] complete actions that differ only beyond what steps describe.
   */
  offers() {
    const targets = new Map();
    const choices = new Map();
    const finals = [];
    if (this.remaining.length > 1 && this.remaining.some((o) => o.steps.length <= this.depth)) {
      // Some actions end here and others go on: let the player pick among them by label.
      return { targets, choices: [], finals: this.remaining.slice() };
    }
    for (const o of this.remaining) {
      const st = o.steps[this.depth];
      if (!st) continue;
      if (st.board) {
        if (!targets.has(st.key)) targets.set(st.key, st);
      } else if (!choices.has(st.key)) {
        choices.set(st.key, st);
      }
    }
    return { targets, choices: [...choices.values()], finals };
  }

  /** Take a step; returns the chosen option when this completes an action, else null. */
  pick(key) {
    const next = this.remaining.filter(
      (o) => o.steps[this.depth] && o.steps[this.depth].key === key,
    );
    if (next.length === 0) return null;
    this.path.push(next[0].steps[this.depth]);
    this.remaining = next;
    this.depth += 1;
    this.skipForced();
    if (this.remaining.length === 1 && this.remaining[0].steps.length <= this.depth) {
      return this.remaining[0];
    }
    // With one action left its next steps are still shown, not taken: the player sees
    // where a piece would go before it goes there.
    return null;
  }
}
