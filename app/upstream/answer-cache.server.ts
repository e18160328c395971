// A bounded LRU cache of answers (decision 0023). A key asked while its answer is on the way shares it;
// a failure is neither kept nor shared (its error, such as an ended session, is its caller's).

export class AnswerCache<V> {
  /** Map order is use order: the first key is the least recently used. */
  private readonly entries = new Map<string, { value: Promise<V>; expiresAt: number }>();

  constructor(
    private readonly maxEntries: number,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  answer(key: string, load: () => Promise<V>): Promise<V> {
    const found = this.entries.get(key);
    this.entries.delete(key);
    if (found && found.expiresAt > this.now()) {
      this.entries.set(key, found);
      return found.value.catch(() => load());
    }
    const value = load();
    const entry = { value, expiresAt: this.now() + this.ttlMs };
    this.entries.set(key, entry);
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(oldest);
    }
    return value;
  }

  forget(key: string): void {
    this.entries.delete(key);
  }
}
