// The nodes one walk of one document may still visit (limits.ts, nodeBudget): the model's normalization
// counts each schema node it makes, and each node it takes again from what it made for a reference already,
// since the model written out holds it once more there. Past the budget the walk stops where it is.

export class BudgetExceeded extends Error {
  /** The object of the document the walk was at (a reference, most often): where to point the writer. */
  readonly at: object;
  readonly nodes: number;
  constructor(nodes: number, at: object) {
    super(`More than ${nodes} nodes`);
    this.nodes = nodes;
    this.at = at;
  }
}

export class WorkBudget {
  readonly nodes: number;
  #left: number;
  constructor(nodes: number) {
    this.nodes = nodes;
    this.#left = nodes;
  }

  /** Takes `count` nodes, at the document's object `at`; throws BudgetExceeded past the budget. */
  spend(count: number, at: object): void {
    this.#left -= count;
    if (this.#left < 0) throw new BudgetExceeded(this.nodes, at);
  }
}
