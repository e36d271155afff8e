import { ButtonLink } from "~/components/ui/button";
import { SITE } from "~/lib/site";
import { Icon } from "./icons";
import { gatedHref } from "./links";
import { WatchDemo } from "./watch-demo";

export function Hero({ signedIn }: { signedIn: boolean }) {
  return (
    <section
      aria-labelledby="hero-title"
      className="bg-gradient-to-b from-brand-50 via-white to-white"
    >
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-2">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">
            For MBBS, BDS, nursing and psychology learners
          </p>
          <h1
            id="hero-title"
            className="mt-3 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl"
          >
            A clinical mentor on call whenever you study
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-slate-600">
            {SITE.mentorName} explains concepts the way a good senior would, quizzes you before
            exams and walks you through patient cases, even at 2 a.m. on hostel Wi-Fi, if that is
            when you study.
          </p>
          <div className="mt-8 flex flex-wrap items-center gap-3">
            <ButtonLink to={gatedHref("/chatbot", signedIn)} size="lg" className="w-full sm:w-auto">
              <Icon name="chat" className="size-5" />
              Chat with {SITE.mentorName}
            </ButtonLink>
            <ButtonLink to="/features" variant="secondary" size="lg" className="w-full sm:w-auto">
              Explore Features
            </ButtonLink>
            <WatchDemo />
          </div>
          <p className="mt-6 text-sm text-slate-600">
            For learning and exam preparation only; not medical advice.
          </p>
        </div>
        <SampleCase />
      </div>
    </section>
  );
}

const OPTIONS = [
  { letter: "A", text: "Left anterior descending artery" },
  { letter: "B", text: "Right coronary artery", correct: true },
  { letter: "C", text: "Left circumflex artery" },
  { letter: "D", text: "Left main coronary artery" },
] as const;

/** A static sample of a simulation question, to show the kind of practice on offer. */
function SampleCase() {
  return (
    <figure className="mx-auto hidden w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-lg lg:block">
      <figcaption className="flex items-center justify-between text-xs font-semibold uppercase tracking-wide text-slate-600">
        <span>Sample simulation</span>
        <span>Cardiology · Case 2 of 5</span>
      </figcaption>
      <p className="mt-4 text-sm leading-relaxed text-slate-800">
        A 58-year-old man has had crushing central chest pain for 40 minutes. He is sweaty; BP
        100/70 mmHg. The ECG shows ST elevation in leads II, III and aVF.
      </p>
      <p className="mt-3 text-sm font-semibold text-slate-900">
        Which artery is most likely blocked?
      </p>
      <ul className="mt-3 space-y-2 text-sm">
        {OPTIONS.map((option) => (
          <li
            key={option.letter}
            className={
              "correct" in option
                ? "flex items-center gap-3 rounded-lg border border-brand-600 bg-brand-50 px-3 py-2 text-brand-900"
                : "flex items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 text-slate-700"
            }
          >
            <span className="font-semibold">{option.letter}.</span>
            <span className="flex-1">{option.text}</span>
            {"correct" in option ? (
              <>
                <Icon name="check" className="size-5" />
                <span className="sr-only">(correct answer)</span>
              </>
            ) : null}
          </li>
        ))}
      </ul>
      <p className="mt-4 rounded-lg bg-slate-50 p-3 text-xs leading-relaxed text-slate-700">
        Leads II, III and aVF look at the inferior wall, which the right coronary artery supplies in
        most people. Watch for bradycardia and right ventricular involvement.
      </p>
    </figure>
  );
}
