import type { SectionSummary } from "~/lib/mock-exams";

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
    <div className="overflow-x-auto">
      <table className="w-full min-w-[28rem] border-collapse text-left text-sm">
        <caption className="mb-2 text-left font-medium text-slate-800">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-300 text-slate-700">
            <th scope="col" className="py-2 pr-3 font-semibold">
              Section
            </th>
            <th scope="col" className="py-2 pr-3 font-semibold">
              Questions
            </th>
            <th scope="col" className="py-2 pr-3 font-semibold">
              Answered
            </th>
            <th scope="col" className="py-2 pr-3 font-semibold">
              Not answered
            </th>
            <th scope="col" className="py-2 pr-3 font-semibold">
              Marked for review
            </th>
            <th scope="col" className="py-2 font-semibold">
              Not visited
            </th>
          </tr>
        </thead>
        <tbody>
          {summaries.map((summary) => (
            <tr key={summary.index} className="border-b border-slate-200">
              <th scope="row" className="py-2 pr-3 font-medium text-slate-900">
                {summary.title}
              </th>
              <td className="py-2 pr-3">{summary.questions}</td>
              <td className="py-2 pr-3">{summary.answered}</td>
              <td className="py-2 pr-3 font-semibold text-red-800">{summary.notAnswered}</td>
              <td className="py-2 pr-3">{summary.marked}</td>
              <td className="py-2">{summary.notVisited}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
