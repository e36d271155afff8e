import type { SectionSummary } from "~/lib/mock-exams";
import { MockTable } from "./mock-table";

/**
 * What is left in each section before the learner submits (or ends a
 * section early): answered, not answered, marked for review, not visited.
 */
export function SectionSummaryTable({
  summaries,
  caption,
}: {
  summaries: readonly SectionSummary[];
  caption: string;
}) {
  return (
    <MockTable
      label="Where you stand in each section"
      caption={caption}
      headers={[
        "Section",
        "Questions",
        "Answered",
        "Not answered",
        "Marked for review",
        "Not visited",
      ]}
      rows={summaries.map((summary) => ({
        key: summary.index,
        head: summary.title,
        cells: [
          summary.questions,
          summary.answered,
          <span key="not-answered" className="font-semibold text-red-800">
            {summary.notAnswered}
          </span>,
          summary.marked,
          summary.notVisited,
        ],
      }))}
    />
  );
}
