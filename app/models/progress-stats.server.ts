/**
 * Reads of the progress rollups (progress_topics, kept by trigger from the
 * answer log) that several screens share: the analytics, the planner's
 * weighting and the practice builder's "weak topics" set.
 */
import type { Database } from "~/db/client.server";

export type TopicStat = {
  subject: string;
  topic: string;
  answered: number;
  correct: number;
  /** Answers with a time, and their seconds in all. */
  timed: number;
  seconds: number;
  lastAt: number;
};

/** The read of topicStats, for callers that batch it with their own (rows are TopicStat). */
export function topicStatsStatement(db: Database, userId: string): D1PreparedStatement {
  return db.$client
    .prepare(
      `SELECT subject, topic, answered, correct, timed, seconds, last_at AS lastAt
       FROM progress_topics WHERE user_id = ?1`,
    )
    .bind(userId);
}

/** Every topic the learner has answered on, with its counts (one indexed read). */
export async function topicStats(db: Database, userId: string): Promise<TopicStat[]> {
  const { results } = await topicStatsStatement(db, userId).all<TopicStat>();
  return results;
}

export type SubjectStat = { subject: string; answered: number; correct: number };

/** The topic counts summed by subject. */
export function subjectStats(topics: readonly TopicStat[]): SubjectStat[] {
  const bySubject = new Map<string, SubjectStat>();
  for (const row of topics) {
    const entry = bySubject.get(row.subject) ?? { subject: row.subject, answered: 0, correct: 0 };
    entry.answered += row.answered;
    entry.correct += row.correct;
    bySubject.set(row.subject, entry);
  }
  return [...bySubject.values()];
}
