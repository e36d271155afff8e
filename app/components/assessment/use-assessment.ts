/**
 * A quiz or simulation taken with JavaScript: generating (the items
 * arrive one batch at a time and question 1 can be answered at once), taking
 * (each answer saved as the learner goes), then the results; Retake, Retest
 * incorrect and Back. The server keeps the attempt; this holds what the
 * screen shows of it.
 */
import { useNavigate, useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { showToastMessage } from "~/components/ui/toaster";
import {
  ASSESSMENT_MESSAGES,
  type AssessmentItemView,
  type AssessmentKind,
} from "~/lib/assessments";
import {
  type CopiedAttempt,
  type FinishedAttempt,
  type GenerationOutcome,
  postStep,
  streamGeneration,
} from "./assessment-client";

export type Taking = {
  phase: "taking";
  attemptId: string | null;
  topic: string;
  requested: number;
  items: (AssessmentItemView | undefined)[];
  generated: number;
  generating: boolean;
  /** The stream broke off before every item arrived; generation can be resumed. */
  interrupted: boolean;
  shortfall: string | null;
  index: number;
  answers: (number | null)[];
  finishing: boolean;
};

export type AssessmentState =
  { phase: "setup" } | Taking | { phase: "results"; attempt: FinishedAttempt };

/** A refusal shown under the setup card (the toast says it too). */
export type Refusal = { reason: "none" | "limit"; title: string; message: string };

const SAVE_FAILED = "Failed to save your answer. Please try again.";
const FINISH_FAILED = "Failed to finish this attempt. Please try again.";

function isLast(taking: Taking, index = taking.index): boolean {
  return (
    index >= taking.requested - 1 ||
    (!taking.generating && !taking.interrupted && index >= taking.items.length - 1)
  );
}

export function useAssessment(kind: AssessmentKind) {
  const messages = ASSESSMENT_MESSAGES[kind];
  const [state, setState] = useState<AssessmentState>({ phase: "setup" });
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const stream = useRef<AbortController | null>(null);
  const saves = useRef<Promise<void>>(Promise.resolve());
  const unsaved = useRef(new Map<number, number>());
  /** Items received from the current generation (read when it ends). */
  const received = useRef(0);
  const { revalidate } = useRevalidator();
  const navigate = useNavigate();

  useEffect(() => () => stream.current?.abort(), []);

  const update = useCallback((change: (taking: Taking) => Taking) => {
    setState((current) => (current.phase === "taking" ? change(current) : current));
  }, []);

  const settle = useCallback(
    (outcome: GenerationOutcome) => {
      switch (outcome.kind) {
        case "done":
          update((taking) => ({
            ...taking,
            attemptId: outcome.attemptId || taking.attemptId,
            generating: false,
            interrupted: false,
            generated: outcome.generated,
            requested: outcome.generated || taking.requested,
            shortfall: outcome.shortfall,
          }));
          showToastMessage({ type: "success", title: outcome.title, description: outcome.message });
          revalidate();
          return;
        case "stopped":
          return;
        case "signed-out":
          navigate(`/login?${new URLSearchParams({ redirectTo: window.location.pathname })}`);
          return;
        case "refused":
          setState({ phase: "setup" });
          setRefusal(outcome);
          showToastMessage({ type: "error", title: outcome.title, description: outcome.message });
          revalidate();
          return;
        case "invalid":
          setState({ phase: "setup" });
          showToastMessage({
            type: "error",
            title: ASSESSMENT_MESSAGES.validationTitle,
            description: outcome.message,
          });
          return;
        case "failed":
        case "network": {
          const anyItem = received.current > 0;
          setState((current) => {
            if (current.phase !== "taking") return current;
            return anyItem
              ? { ...current, generating: false, interrupted: true }
              : { phase: "setup" };
          });
          showToastMessage({
            type: "error",
            title: ASSESSMENT_MESSAGES.errorTitle,
            description: anyItem
              ? "The connection was lost while generating. You can keep answering, then try again for the rest."
              : messages.failed,
          });
          revalidate();
          return;
        }
      }
    },
    [messages.failed, navigate, revalidate, update],
  );

  const run = useCallback(
    async (request: Parameters<typeof streamGeneration>[1]) => {
      stream.current?.abort();
      const controller = new AbortController();
      stream.current = controller;
      const outcome = await streamGeneration(
        kind,
        request,
        controller.signal,
        {
          onAttempt: ({ id, requestedCount }) =>
            update((taking) => ({
              ...taking,
              attemptId: id,
              requested: requestedCount || taking.requested,
            })),
          onItem: (index, item) => {
            received.current += 1;
            update((taking) => {
              const items = [...taking.items];
              items[index] = item;
              const answers = [...taking.answers];
              while (answers.length < items.length) answers.push(null);
              return { ...taking, items, answers };
            });
          },
          onProgress: (generated, requested) =>
            update((taking) => ({ ...taking, generated, requested })),
        },
        messages.failed,
      );
      if (stream.current === controller) stream.current = null;
      if (!controller.signal.aborted) settle(outcome);
    },
    [kind, messages.failed, settle, update],
  );

  const start = useCallback(
    (topic: string, count: number) => {
      setRefusal(null);
      unsaved.current.clear();
      received.current = 0;
      setState({
        phase: "taking",
        attemptId: null,
        topic,
        requested: count,
        items: [],
        generated: 0,
        generating: true,
        interrupted: false,
        shortfall: null,
        index: 0,
        answers: [],
        finishing: false,
      });
      void run({ start: { topic, count, idempotencyKey: crypto.randomUUID() } });
    },
    [run],
  );

  const resume = useCallback(() => {
    if (state.phase !== "taking" || !state.attemptId) return;
    update((taking) => ({ ...taking, generating: true, interrupted: false }));
    void run({ resume: state.attemptId });
  }, [run, state, update]);

  const choose = useCallback(
    (choice: number) =>
      update((taking) => {
        const answers = [...taking.answers];
        answers[taking.index] = choice;
        return { ...taking, answers };
      }),
    [update],
  );

  /** Saves one answer after the ones before it; a failed save is retried at Finish. */
  const save = useCallback(
    (attemptId: string, index: number, choice: number) => {
      unsaved.current.set(index, choice);
      saves.current = saves.current.then(async () => {
        const result = await postStep(kind, attemptId, "answers", { index, choice });
        if (result.ok) {
          if (unsaved.current.get(index) === choice) unsaved.current.delete(index);
        } else if (result.status !== 409) {
          showToastMessage({
            type: "error",
            title: ASSESSMENT_MESSAGES.errorTitle,
            description: result.message ?? SAVE_FAILED,
          });
        }
      });
    },
    [kind],
  );

  const finish = useCallback(
    async (taking: Taking) => {
      if (!taking.attemptId) return;
      const attemptId = taking.attemptId;
      update((current) => ({ ...current, finishing: true }));
      stream.current?.abort();
      stream.current = null;
      await saves.current;
      for (const [index, choice] of unsaved.current) {
        const retried = await postStep(kind, attemptId, "answers", { index, choice });
        if (retried.ok) unsaved.current.delete(index);
      }
      const result = await postStep<FinishedAttempt>(kind, attemptId, "finish");
      if (!result.ok) {
        update((current) => ({ ...current, finishing: false }));
        showToastMessage({
          type: "error",
          title: ASSESSMENT_MESSAGES.errorTitle,
          description: result.message ?? FINISH_FAILED,
        });
        return;
      }
      setState({ phase: "results", attempt: result.data });
      revalidate();
    },
    [kind, revalidate, update],
  );

  const next = useCallback(() => {
    if (state.phase !== "taking" || !state.attemptId) return;
    const choice = state.answers[state.index];
    if (choice === null || choice === undefined) {
      showToastMessage({
        type: "error",
        title: ASSESSMENT_MESSAGES.validationTitle,
        description: ASSESSMENT_MESSAGES.answerRequired,
      });
      return;
    }
    save(state.attemptId, state.index, choice);
    if (isLast(state)) void finish(state);
    else update((taking) => ({ ...taking, index: taking.index + 1 }));
  }, [finish, save, state, update]);

  const previous = useCallback(
    () => update((taking) => ({ ...taking, index: Math.max(0, taking.index - 1) })),
    [update],
  );

  const copy = useCallback(
    async (attemptId: string, step: "retake" | "retest") => {
      const result = await postStep<CopiedAttempt>(kind, attemptId, step);
      if (!result.ok) {
        showToastMessage({
          type: "error",
          title: result.title ?? ASSESSMENT_MESSAGES.errorTitle,
          description:
            result.message ??
            (step === "retake"
              ? "Failed to start the retake. Please try again."
              : "Failed to start the retest. Please try again."),
        });
        return;
      }
      const attempt = result.data;
      unsaved.current.clear();
      setState({
        phase: "taking",
        attemptId: attempt.id,
        topic: attempt.topic,
        requested: attempt.itemCount,
        items: attempt.items.map(({ question, options, case: patientCase }) => ({
          question,
          options,
          case: patientCase,
        })),
        generated: attempt.itemCount,
        generating: false,
        interrupted: false,
        shortfall: null,
        index: 0,
        answers: attempt.items.map(() => null),
        finishing: false,
      });
      revalidate();
    },
    [kind, revalidate],
  );

  const reset = useCallback(() => {
    stream.current?.abort();
    stream.current = null;
    unsaved.current.clear();
    setRefusal(null);
    setState({ phase: "setup" });
  }, []);

  return {
    state,
    refusal,
    start,
    resume,
    choose,
    next,
    previous,
    finish: () => state.phase === "taking" && void finish(state),
    retake: (attemptId: string) => void copy(attemptId, "retake"),
    retest: (attemptId: string) => void copy(attemptId, "retest"),
    reset,
    isLast: state.phase === "taking" ? isLast(state) : false,
  };
}
