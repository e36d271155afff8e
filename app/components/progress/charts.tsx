/**
 * The progress page's charts, drawn as SVG: each is one image to assistive
 * technology (role="img", its figures summed up in the label) and comes with
 * the table of its numbers, which screen readers always have once the page
 * runs; sighted readers open it with "Show the numbers". Without JavaScript
 * the chart offers a link that loads the page with every chart's numbers
 * shown under it (?numbers=1): the tables are not drawn into every page for
 * the few who browse without scripts (docs/edge-cost.md).
 */
import { type ReactNode, useId, useState } from "react";
import { useSearchParams } from "@remix-run/react";
import { useHydrated } from "~/components/ui/use-hydrated";
import { percent, type Readiness, type WeekPoint } from "~/lib/progress";
import { count, weekLabel } from "./format";
import { ScreenReaderOnly } from "./sortable-table";

/**
 * A chart and the table of its numbers (see the module's note). The table is
 * made only where it is drawn: a server render without `?numbers=1` never
 * builds its rows.
 */
export function ChartWithTable({ chart, table }: { chart: ReactNode; table: () => ReactNode }) {
  const hydrated = useHydrated();
  const [searchParams] = useSearchParams();
  const asked = searchParams.get("numbers") === "1";
  const [shown, setShown] = useState(asked);
  const id = useId();
  const showHref = () => {
    const params = new URLSearchParams(searchParams);
    params.set("numbers", "1");
    return `?${params}#trends-heading`;
  };
  if (!hydrated) {
    return (
      <div>
        {chart}
        {asked ? (
          <div className="mt-4">{table()}</div>
        ) : (
          <noscript>
            <a
              href={showHref()}
              className="mt-3 inline-block text-sm font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900"
            >
              Show the numbers
            </a>
          </noscript>
        )}
      </div>
    );
  }
  return (
    <div>
      {chart}
      <button
        type="button"
        className="mt-3 text-sm font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900"
        aria-expanded={shown}
        aria-controls={id}
        onClick={() => setShown((value) => !value)}
      >
        {shown ? "Hide the numbers" : "Show the numbers"}
      </button>
      <div id={id} className={shown ? "mt-3" : "sr-only"}>
        <ScreenReaderOnly.Provider value={!shown}>{table()}</ScreenReaderOnly.Provider>
      </div>
    </div>
  );
}

/** A round top for a volume axis: 1, 2 or 5 times a power of ten, at least 10. */
function axisTop(value: number): number {
  if (value <= 10) return 10;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((factor) => factor * power >= value)!;
  return step * power;
}

/** The accuracy line through the weeks that have answers (a gap breaks it). */
function accuracyPath(
  weeks: readonly WeekPoint[],
  x: (index: number) => number,
  y: (accuracy: number) => number,
): string {
  let path = "";
  let drawing = false;
  weeks.forEach((week, index) => {
    if (week.accuracy === null) {
      drawing = false;
      return;
    }
    path += `${drawing ? "L" : "M"}${x(index).toFixed(1)} ${y(week.accuracy).toFixed(1)} `;
    drawing = true;
  });
  return path.trim();
}

/** The weekly chart's summary, for its label. */
export function weeklySummary(weeks: readonly WeekPoint[], what = "All subjects"): string {
  const total = weeks.reduce((sum, week) => sum + week.answered, 0);
  if (total === 0) return `${what}: no answers in the last ${weeks.length} weeks.`;
  const busiest = weeks.reduce((best, week) => (week.answered > best.answered ? week : best));
  const withAnswers = weeks.filter((week) => week.accuracy !== null);
  const first = withAnswers[0]!;
  const last = withAnswers[withAnswers.length - 1]!;
  const trend =
    first === last
      ? `accuracy ${percent(first.accuracy)} in the week of ${weekLabel(first.start)}`
      : `accuracy ${percent(first.accuracy)} in the week of ${weekLabel(first.start)} and ${percent(last.accuracy)} in the week of ${weekLabel(last.start)}`;
  return `${what}, last ${weeks.length} weeks: ${count(total)} answers, the most (${count(busiest.answered)}) in the week of ${weekLabel(busiest.start)}; ${trend}.`;
}

/** Answers a week as bars (left scale) and accuracy as a line (right scale, 0–100 %). */
export function WeeklyChart({ weeks }: { weeks: readonly WeekPoint[] }) {
  const width = 640;
  const height = 240;
  const left = 44;
  const right = 48;
  const top = 16;
  const bottom = 40;
  const plotWidth = width - left - right;
  const plotHeight = height - top - bottom;
  const slot = plotWidth / weeks.length;
  const volumeTop = axisTop(Math.max(...weeks.map((week) => week.answered)));
  const x = (index: number) => left + slot * index + slot / 2;
  const yVolume = (value: number) => top + plotHeight - (value / volumeTop) * plotHeight;
  const yAccuracy = (value: number) => top + plotHeight - value * plotHeight;
  return (
    <svg
      role="img"
      aria-label={weeklySummary(weeks)}
      viewBox={`0 0 ${width} ${height}`}
      className="h-auto w-full"
      data-testid="weekly-chart"
    >
      {[0, 0.5, 1].map((level) => (
        <g key={level}>
          <line
            x1={left}
            x2={width - right}
            y1={yAccuracy(level)}
            y2={yAccuracy(level)}
            className="stroke-slate-200"
          />
          <text
            x={left - 6}
            y={yAccuracy(level) + 4}
            textAnchor="end"
            className="fill-slate-600 text-[12px]"
          >
            {count(Math.round(volumeTop * level))}
          </text>
          <text
            x={width - right + 6}
            y={yAccuracy(level) + 4}
            className="fill-brand-800 text-[12px]"
          >{`${level * 100}%`}</text>
        </g>
      ))}
      {weeks.map((week, index) => (
        <g key={week.start}>
          {week.answered > 0 ? (
            <rect
              x={x(index) - slot * 0.3}
              y={yVolume(week.answered)}
              width={slot * 0.6}
              height={top + plotHeight - yVolume(week.answered)}
              rx={2}
              className="fill-slate-300"
            />
          ) : null}
          {index % 2 === (weeks.length - 1) % 2 ? (
            <text
              x={x(index)}
              y={height - bottom + 18}
              textAnchor="middle"
              className="fill-slate-600 text-[12px]"
            >
              {weekLabel(week.start)}
            </text>
          ) : null}
        </g>
      ))}
      <path
        d={accuracyPath(weeks, x, yAccuracy)}
        fill="none"
        strokeWidth={2.5}
        strokeLinejoin="round"
        className="stroke-brand-700"
      />
      {weeks.map((week, index) =>
        week.accuracy === null ? null : (
          <circle
            key={week.start}
            cx={x(index)}
            cy={yAccuracy(week.accuracy)}
            r={3.5}
            className="fill-brand-700"
          />
        ),
      )}
    </svg>
  );
}

/** What the weekly chart's key says. */
export function ChartKey() {
  return (
    <p className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-700" aria-hidden="true">
      <span className="inline-flex items-center gap-2">
        <span className="inline-block h-3 w-3 rounded-sm bg-slate-300" /> Answers a week (left
        scale)
      </span>
      <span className="inline-flex items-center gap-2">
        <span className="inline-block h-0.5 w-4 bg-brand-700" /> Accuracy (right scale)
      </span>
    </p>
  );
}

/** A subject's twelve weeks in small: answers as bars, accuracy as a line. */
const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * A sparkline's volume bars as one path (a page shows one sparkline per
 * subject: one element each instead of one per week keeps the page light).
 */
function sparkBars(
  weeks: readonly WeekPoint[],
  x: (index: number) => number,
  barWidth: number,
  height: number,
  most: number,
): string {
  return weeks
    .map((week, index) => {
      if (week.answered === 0) return "";
      const barHeight = round2((week.answered / most) * height);
      return `M${round2(x(index) - barWidth / 2)} ${round2(height - barHeight)}h${round2(barWidth)}v${barHeight}h${round2(-barWidth)}z`;
    })
    .join("");
}

/** The weekly accuracy points as one path of small circles (radius 2). */
function sparkDots(
  weeks: readonly WeekPoint[],
  x: (index: number) => number,
  y: (accuracy: number) => number,
): string {
  return weeks
    .map((week, index) =>
      week.accuracy === null
        ? ""
        : `M${round2(x(index) - 2)} ${round2(y(week.accuracy))}a2 2 0 1 0 4 0a2 2 0 1 0 -4 0`,
    )
    .join("");
}

export function Sparkline({ weeks, label }: { weeks: readonly WeekPoint[]; label: string }) {
  const width = 144;
  const height = 36;
  const slot = width / weeks.length;
  const most = Math.max(1, ...weeks.map((week) => week.answered));
  const x = (index: number) => slot * index + slot / 2;
  const yAccuracy = (value: number) => 3 + (height - 6) * (1 - value);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${width} ${height}`}
      className="h-9 w-36 shrink-0"
    >
      <path d={sparkBars(weeks, x, slot * 0.6, height, most)} className="fill-slate-200" />
      <path
        d={accuracyPath(weeks, x, yAccuracy)}
        fill="none"
        strokeWidth={2}
        className="stroke-brand-700"
      />
      <path d={sparkDots(weeks, x, yAccuracy)} className="fill-brand-700" />
    </svg>
  );
}

type Estimate = Extract<Readiness, { state: "estimate" }>;

/** The readiness band on the paper's whole range, the expected score marked (and the pass mark, if any). */
export function ReadinessScale({ estimate, examName }: { estimate: Estimate; examName: string }) {
  const width = 400;
  const height = 56;
  const pad = 12;
  const span = estimate.maxScore - estimate.minScore;
  const x = (score: number) => pad + ((score - estimate.minScore) / span) * (width - 2 * pad);
  const pass = estimate.passMarks === null ? "" : ` The pass mark is ${estimate.passMarks}.`;
  return (
    <svg
      role="img"
      aria-label={`${examName} readiness: expected score ${estimate.expected} of ${estimate.maxScore}, ${Math.round(estimate.confidence * 100)}% likely between ${estimate.low} and ${estimate.high}.${pass}`}
      viewBox={`0 0 ${width} ${height}`}
      className="h-auto w-full max-w-md"
      data-testid="readiness-scale"
    >
      <line
        x1={pad}
        x2={width - pad}
        y1={24}
        y2={24}
        strokeWidth={2}
        className="stroke-slate-300"
      />
      <rect
        x={x(estimate.low)}
        y={14}
        width={Math.max(2, x(estimate.high) - x(estimate.low))}
        height={20}
        rx={4}
        className="fill-brand-200"
      />
      <line
        x1={x(estimate.expected)}
        x2={x(estimate.expected)}
        y1={10}
        y2={38}
        strokeWidth={3}
        className="stroke-brand-800"
      />
      {estimate.passMarks !== null ? (
        <line
          x1={x(estimate.passMarks)}
          x2={x(estimate.passMarks)}
          y1={8}
          y2={40}
          strokeDasharray="3 3"
          strokeWidth={2}
          className="stroke-amber-700"
        />
      ) : null}
      <text x={pad} y={52} className="fill-slate-600 text-[12px]">
        {estimate.minScore}
      </text>
      <text x={width - pad} y={52} textAnchor="end" className="fill-slate-600 text-[12px]">
        {estimate.maxScore}
      </text>
    </svg>
  );
}
