/**
 * The virtual patient's free-text answers: Gemini in character from the
 * case's facts only (faked at the HTTP layer), and the closest listed
 * question when there is no key or the model fails.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { FAKE_GEMINI, fakeDirective } from "../../../tests/fakes/gemini.mjs";
import { getCase } from "~/models/case-library.server";
import { createGeminiGenerator } from "./gemini.server";
import { createOfflineGenerator, withBankFallback } from "./offline.server";
import { CASE_MESSAGES } from "~/lib/case-studies";
import type { PatientReplyInput } from "./patient";

const krait = (await getCase(createDb(env.DB), "snakebite-krait-neurotoxic-01"))!;
const input = (question: string): PatientReplyInput => ({
  patient: krait.patient,
  complaint: krait.presentingComplaint,
  facts: krait.history.map(({ id, question: q, answer }) => ({ id, question: q, answer })),
  question,
});

let counter = 0;
const scenarioId = () => `patient${Date.now().toString(36)}${(counter++).toString(36)}`;

function gemini() {
  return createGeminiGenerator({
    apiKey: FAKE_GEMINI.apiKey,
    baseUrl: FAKE_GEMINI.origin,
    model: "gemini-test",
    firstTokenTimeoutMs: 2_000,
    totalTimeoutMs: 5_000,
    baseDelayMs: 10,
    maxDelayMs: 40,
  });
}

const offline = createOfflineGenerator({
  mentor: { reply: async () => ({ text: "bank", teaches: false }) },
});

describe("the patient's answers", () => {
  it("with Gemini: in character, from the case's history facts only, fact ids checked", async () => {
    const id = scenarioId();
    const reply = await gemini().patientReply(
      input(
        `Did anything bite him? ${fakeDirective({
          id,
          text: JSON.stringify({
            answer: "Maybe an ant, on his hand.",
            factIds: ["h-bite", "x-made-up"],
          }),
        })}`,
      ),
    );
    expect(reply).toEqual({
      text: "Maybe an ant, on his hand.",
      factIds: ["h-bite"],
      source: "model",
    });
    const response = await fetch(`${FAKE_GEMINI.origin}/_fake/requests?id=${id}`);
    const [request] = (await response.json()) as { body: unknown }[];
    const sent = JSON.stringify(request!.body);
    expect(sent).toContain("pricked the back of his right hand");
    // Never the examination, a result, or the diagnosis.
    expect(sent).not.toContain(JSON.stringify(krait.examination[0]!.finding).slice(1, 40));
    expect(sent).not.toContain(JSON.stringify(krait.investigations[0]!.result).slice(1, 40));
    expect(sent).not.toContain(JSON.stringify(krait.diagnosis.reasoning).slice(1, 40));
  });

  it("falls back to the closest listed question when the model fails", async () => {
    const withFallback = withBankFallback(gemini(), offline);
    const reply = await withFallback.patientReply(
      input(`Any fever or loose motions? ${fakeDirective({ id: scenarioId(), fail: "400" })}`),
    );
    expect(reply).toMatchObject({ factIds: ["h-fever"], source: "matched" });
    expect(reply.text).toBe(krait.history.find((h) => h.id === "h-fever")!.answer);
  });

  it("offline: the closest listed question, or does not understand", async () => {
    expect((await offline.patientReply(input("Where does he sleep?"))).factIds).toEqual([
      "h-sleep",
    ]);
    expect(await offline.patientReply(input("Quantum chromodynamics?"))).toEqual({
      text: CASE_MESSAGES.notUnderstood,
      factIds: [],
      source: "none",
    });
  });
});
