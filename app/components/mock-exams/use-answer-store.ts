import { useEffect, useState, useSyncExternalStore } from "react";
import type { AnswerSave } from "~/lib/mock-exams";

/**
 * The exam screen's answers in the browser and their autosave. Every change
 * to a question is kept here (the screen shows it at once) and queued; the
 * queue goes to PUT /api/mock-exams/{id}/answers as one batch (the latest
 * state per question) a moment later. Until the server has it, it is also
 * kept in localStorage, so a lost connection or a closed tab loses nothing:
 * the next visit sends it. A failed send is retried with backoff, and at
 * once when the browser is back online; what the server refuses for good
 * (a locked section, a submitted mock) is dropped and said.
 */
export type QueueStatus =
  | { kind: "saved" }
  | { kind: "saving" }
  | { kind: "offline" }
  | { kind: "retrying" }
  | { kind: "signed-out"; message: string };

export type QueueRefusal = { position: number; message: string };

type Snapshot = {
  /** The questions changed in this browser, as the learner left them. */
  answers: ReadonlyMap<number, AnswerSave>;
  status: QueueStatus;
};

const DEBOUNCE_MS = 300;
const MAX_BACKOFF_MS = 15_000;
const SERVER_SNAPSHOT: Snapshot = { answers: new Map(), status: { kind: "saved" } };

class AnswerStore {
  private pending = new Map<number, AnswerSave>();
  private inFlight: Map<number, AnswerSave> | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private backoff = 0;
  private waiters: Array<() => void> = [];
  private listeners = new Set<() => void>();
  private snapshot: Snapshot = SERVER_SNAPSHOT;
  private refusalListener: (refusals: QueueRefusal[]) => void = () => {};

  constructor(private readonly attemptId: string) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = () => this.snapshot;

  getServerSnapshot = () => SERVER_SNAPSHOT;

  private update(change: Partial<Snapshot>) {
    this.snapshot = { ...this.snapshot, ...change };
    for (const listener of this.listeners) listener();
  }

  private get key() {
    return `medmentor:mock:${this.attemptId}:unsent`;
  }

  /** Everything not yet acknowledged, kept in the browser. */
  private persist() {
    try {
      const unsent = this.unsent();
      if (unsent.length === 0) window.localStorage.removeItem(this.key);
      else window.localStorage.setItem(this.key, JSON.stringify(unsent));
    } catch {
      // Storage full or blocked: the queue in memory still sends.
    }
  }

  private settle() {
    for (const resolve of this.waiters.splice(0)) resolve();
  }

  private schedule(ms: number) {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.send(), ms);
  }

  private retryLater(kind: "offline" | "retrying") {
    this.update({ status: { kind } });
    this.settle();
    this.backoff = Math.min(MAX_BACKOFF_MS, this.backoff ? this.backoff * 2 : 1000);
    this.schedule(this.backoff);
  }

  private async send(keepalive = false): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.inFlight) return;
    if (this.pending.size === 0) {
      this.settle();
      return;
    }
    const batch = new Map(this.pending);
    this.pending.clear();
    this.inFlight = batch;
    this.update({ status: { kind: "saving" } });
    const putBack = () => {
      // Newer changes made while this batch was away win over it.
      for (const [position, save] of batch) {
        if (!this.pending.has(position)) this.pending.set(position, save);
      }
    };
    let response: Response;
    try {
      response = await fetch(`/api/mock-exams/${this.attemptId}/answers`, {
        method: "PUT",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ answers: [...batch.values()] }),
        credentials: "same-origin",
        keepalive,
      });
    } catch {
      this.inFlight = null;
      putBack();
      this.persist();
      this.retryLater(navigator.onLine === false ? "offline" : "retrying");
      return;
    }
    this.inFlight = null;
    if (response.ok || response.status === 409 || response.status === 400) {
      const body = (await response.json().catch(() => null)) as {
        data?: { refused?: QueueRefusal[] };
      } | null;
      this.backoff = 0;
      this.persist();
      const refused = body?.data?.refused ?? [];
      if (refused.length > 0) {
        const answers = new Map(this.snapshot.answers);
        for (const refusal of refused) answers.delete(refusal.position);
        this.update({ answers });
        this.refusalListener(refused);
      }
      if (this.pending.size > 0) return this.send();
      this.update({ status: { kind: "saved" } });
      this.settle();
      return;
    }
    putBack();
    this.persist();
    if (response.status === 401 || response.status === 403) {
      const body = (await response.json().catch(() => null)) as { message?: string } | null;
      this.update({
        status: {
          kind: "signed-out",
          message: `${body?.message ?? "You are signed out."} Your answers are kept on this device and will be sent once you are back.`,
        },
      });
      this.settle();
      return;
    }
    this.retryLater("retrying");
  }

  /** The question as the learner left it: shown at once, sent with whatever changes next. */
  set(save: AnswerSave) {
    this.pending.set(save.position, save);
    this.update({
      answers: new Map(this.snapshot.answers).set(save.position, save),
      ...(this.inFlight ? {} : { status: { kind: "saving" as const } }),
    });
    this.persist();
    this.schedule(this.backoff || DEBOUNCE_MS);
  }

  /** A question opened for the first time: saved as visited, unless this browser already holds it. */
  visit(save: AnswerSave) {
    if (!this.snapshot.answers.has(save.position)) this.set(save);
  }

  /** Sends what is queued now; resolves once it is answered (or has failed and waits to retry). */
  flush(): Promise<void> {
    const done = new Promise<void>((resolve) => this.waiters.push(resolve));
    void this.send();
    return done;
  }

  /** Saves left over from a closed tab or a lost connection: shown again and sent. */
  restore() {
    let stored: AnswerSave[] = [];
    try {
      const parsed = JSON.parse(window.localStorage.getItem(this.key) ?? "[]") as unknown;
      if (Array.isArray(parsed)) stored = parsed as AnswerSave[];
    } catch {
      stored = [];
    }
    if (stored.length === 0) return;
    const answers = new Map(this.snapshot.answers);
    for (const save of stored) {
      if (this.pending.has(save.position)) continue;
      this.pending.set(save.position, save);
      answers.set(save.position, save);
    }
    this.update({ answers });
    void this.send();
  }

  /** Tells `listener` of saves the server refused for good; returns how to stop. */
  onRefusal(listener: (refusals: QueueRefusal[]) => void) {
    this.refusalListener = listener;
    return () => {
      if (this.refusalListener === listener) this.refusalListener = () => {};
    };
  }

  online() {
    this.backoff = 0;
    void this.send();
  }

  /** Leaving the page: what is queued goes now, in a request that outlives the page. */
  leaving() {
    if (this.pending.size > 0) void this.send(true);
  }

  /** The saves that have not reached the server yet (in flight ones included). */
  unsent(): AnswerSave[] {
    const all = new Map(this.inFlight ?? []);
    for (const [position, save] of this.pending) all.set(position, save);
    return [...all.values()];
  }

  stop() {
    if (this.timer) clearTimeout(this.timer);
  }
}

export type AnswerStoreHandle = Pick<AnswerStore, "set" | "visit" | "flush" | "unsent">;

/** The sitting's answers in this browser, their save status, and the store that sends them. */
export function useAnswerStore(
  attemptId: string,
  onRefused: (refusals: QueueRefusal[]) => void,
): Snapshot & { store: AnswerStoreHandle } {
  const [store] = useState(() => new AnswerStore(attemptId));
  const snapshot = useSyncExternalStore(
    store.subscribe,
    store.getSnapshot,
    store.getServerSnapshot,
  );
  useEffect(() => store.onRefusal(onRefused), [store, onRefused]);
  useEffect(() => {
    const online = () => store.online();
    const leaving = () => store.leaving();
    window.addEventListener("online", online);
    window.addEventListener("pagehide", leaving);
    store.restore();
    return () => {
      window.removeEventListener("online", online);
      window.removeEventListener("pagehide", leaving);
      store.stop();
    };
  }, [store]);
  return { ...snapshot, store };
}

export const QUEUE_STATUS_TEXT: Record<QueueStatus["kind"], string> = {
  saved: "All answers saved",
  saving: "Saving…",
  offline: "Offline — answers kept and will be sent",
  retrying: "Could not reach the server — answers kept, trying again",
  "signed-out": "Not saved yet — answers kept on this device",
};
