/** The shape of vscode.Disposable, so core objects can be pushed into `context.subscriptions` directly. */
export interface Disposable {
  dispose(): void;
}

export function toDisposable(dispose: () => void): Disposable {
  let disposed = false;
  return {
    dispose() {
      if (disposed) return;
      disposed = true;
      dispose();
    },
  };
}

/** Owns other disposables and disposes them in reverse order of registration. */
export class DisposableStore implements Disposable {
  private readonly items: Disposable[] = [];
  private disposed = false;

  get isDisposed(): boolean {
    return this.disposed;
  }

  add<T extends Disposable>(item: T): T {
    if (this.disposed) {
      item.dispose();
    } else {
      this.items.push(item);
    }
    return item;
  }

  /** Adds several; they are disposed in reverse order, as with add. */
  addAll(...items: Disposable[]): void {
    for (const item of items) this.add(item);
  }

  /** Disposes what it holds and stays open for more (subscriptions replaced with each session, say). */
  clear(): void {
    const errors: unknown[] = [];
    for (const item of this.items.splice(0).reverse()) {
      try {
        item.dispose();
      } catch (error) {
        errors.push(error);
      }
    }
    if (errors.length > 0) throw new AggregateError(errors, 'Some resources failed to dispose');
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.clear();
  }
}
