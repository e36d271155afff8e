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

/**
 * The read of topicStats, for callers that batch it with their own;
 * topicStatsOf reads its result. One row per subject, its topics' counts as
 * JSON: each row a D1 result carries costs far more to hand over and convert
 * than its bytes (docs/edge-cost.md), and a learner has a few hundred topics
 * in a score of subjects.
 */
export function topicStatsStatement(db: Database, userId: string): D1PreparedStatement {
  return db.$client
    .prepare(
      `SELECT subject, json_group_array(json_array(topic, answered, correct, timed, seconds, last_at))
         AS topics
       FROM progress_topics WHERE user_id = ?1 GROUP BY subject`,
    )
    .bind(userId);
}

type TopicStatsRow = { subject: string; topics: string };

/** topicStatsStatement's result as one TopicStat per topic. */
export function topicStatsOf(result: D1Result | undefined): TopicStat[] {
  const stats: TopicStat[] = [];
  for (const row of (result?.results ?? []) as TopicStatsRow[]) {
    const topics = JSON.parse(row.topics) as [string, number, number, number, number, number][];
    for (const [topic, answered, correct, timed, seconds, lastAt] of topics) {
      stats.push({ subject: row.subject, topic, answered, correct, timed, seconds, lastAt });
    }
  }
  return stats;
}

/** Every topic the learner has answered on, with its counts (one indexed read). */
export async function topicStats(db: Database, userId: string): Promise<TopicStat[]> {
  return topicStatsOf(await topicStatsStatement(db, userId).all());
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
