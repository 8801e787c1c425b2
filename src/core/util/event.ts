import { type Disposable, toDisposable } from './disposable';

/** The shape of vscode.Event: adapters can hand core events to VS Code APIs unchanged. */
export type Event<T> = (listener: (value: T) => void, thisArgs?: unknown, disposables?: Disposable[]) => Disposable;

export class Emitter<T> implements Disposable {
  private listeners = new Set<(value: T) => void>();

  readonly event: Event<T> = (listener, thisArgs, disposables) => {
    const bound = thisArgs === undefined ? listener : listener.bind(thisArgs);
    this.listeners.add(bound);
    const subscription = toDisposable(() => this.listeners.delete(bound));
    disposables?.push(subscription);
    return subscription;
  };

  fire(value: T): void {
    // A listener that throws must not starve the others.
    for (const listener of [...this.listeners]) {
      try {
        listener(value);
      } catch (error) {
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }

  get hasListeners(): boolean {
    return this.listeners.size > 0;
  }

  dispose(): void {
    this.listeners.clear();
  }
}
