/**
 * What the mentor says without the AI in the three modes that are guidance
 * rather than the question bank: a study schedule planned from NEET-PG's
 * subject weights and the learner's exam, date and daily hours; CV and SOP
 * help; and career guidance for Indian medical graduates. Written here, kept
 * general and correct, and careful to send the learner to the official source
 * for anything that changes (dates, fees, cut-offs, patterns).
 */
import { NEET_PG_SUBJECT_WEIGHTS, type SubjectWeight } from "../data/neet-pg-weights";

const DAY_MS = 86_400_000;

// ---------------------------------------------------------------------------
// Study schedule

type Exam = "NEET-PG" | "INI-CET" | "FMGE";

const EXAM_PATTERN: Record<Exam, string> = {
  "NEET-PG":
    "200 single-best-answer questions in 210 minutes, +4 for a right answer and −1 for a wrong one, in five timed sections of 40",
  "INI-CET":
    "200 questions in 180 minutes, +1 for a right answer and −⅓ for a wrong one, AIIMS-style and more clinical and image-based",
  FMGE: "300 questions in two parts of 150 (150 minutes each), +1 a question with no negative marking; 150 passes",
};

const MONTHS = [
  "jan",
  "feb",
  "mar",
  "apr",
  "may",
  "jun",
  "jul",
  "aug",
  "sep",
  "oct",
  "nov",
  "dec",
] as const;

function examOf(text: string): Exam {
  if (/\bini[\s-]?cet\b|\baiims\b/i.test(text)) return "INI-CET";
  if (/\bfmge\b|\bforeign medical graduate/i.test(text)) return "FMGE";
  return "NEET-PG";
}

/** The exam date the learner gave, as a time; null when none can be read. */
function examDateOf(text: string, now: number): number | null {
  const lower = text.toLowerCase();
  const relative = /\bin\s+(\d{1,3})\s*(day|week|month)s?\b/.exec(lower);
  if (relative) {
    const amount = Number(relative[1]);
    const days = relative[2] === "day" ? amount : relative[2] === "week" ? amount * 7 : amount * 30;
    return now + days * DAY_MS;
  }
  const iso = /\b(20\d\d)-(\d{1,2})-(\d{1,2})\b/.exec(lower);
  if (iso) return Date.UTC(Number(iso[1]), Number(iso[2]) - 1, Number(iso[3]));
  const numeric = /\b(\d{1,2})[/.-](\d{1,2})[/.-](20\d\d)\b/.exec(lower);
  if (numeric) return Date.UTC(Number(numeric[3]), Number(numeric[2]) - 1, Number(numeric[1]));
  const month = "(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*";
  const named =
    new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?${month}\\.?,?\\s*(20\\d\\d)?`).exec(
      lower,
    ) ?? null;
  const monthFirst = named
    ? null
    : new RegExp(`\\b${month}\\.?\\s+(\\d{1,2})?(?:st|nd|rd|th)?,?\\s*(20\\d\\d)?\\b`).exec(lower);
  const [day, monthName, year] = named
    ? [Number(named[1]), named[2]!, named[3]]
    : monthFirst
      ? [Number(monthFirst[2] ?? 1), monthFirst[1]!, monthFirst[3]]
      : [0, "", undefined];
  if (!monthName) return null;
  const monthIndex = MONTHS.indexOf(monthName.slice(0, 3) as (typeof MONTHS)[number]);
  const today = new Date(now);
  let when = Date.UTC(year ? Number(year) : today.getUTCFullYear(), monthIndex, day || 1);
  if (!year && when < now) when = Date.UTC(today.getUTCFullYear() + 1, monthIndex, day || 1);
  return when;
}

function dailyHoursOf(text: string): number | null {
  const match = /\b(\d{1,2}(?:\.\d)?)\s*(?:-|to)?\s*(?:\d{1,2}\s*)?(?:hours?|hrs?|h)\b/i.exec(text);
  if (!match) return null;
  return Math.min(14, Math.max(1, Number(match[1])));
}

/** Whole days for each subject, proportional to its weight (largest remainders), at least one each. */
function shareDays(weights: readonly SubjectWeight[], days: number): number[] {
  const total = weights.reduce((sum, weight) => sum + weight.questions, 0);
  const spare = Math.max(0, days - weights.length);
  const exact = weights.map((weight) => (weight.questions / total) * spare);
  const shares = exact.map((value) => 1 + Math.floor(value));
  let left = days - shares.reduce((sum, value) => sum + value, 0);
  const order = exact
    .map((value, index) => [value - Math.floor(value), index] as const)
    .sort((a, b) => b[0] - a[0]);
  for (const [, index] of order) {
    if (left <= 0) break;
    shares[index]! += 1;
    left -= 1;
  }
  return shares;
}

const formatDate = (time: number) =>
  new Date(time).toLocaleDateString("en-IN", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "Asia/Kolkata",
  });

/** A study plan for the learner's exam, weighted by NEET-PG's subject pattern. */
export function studySchedule(
  learner: string,
  now: number,
  bankCounts: ReadonlyMap<string, number>,
): string {
  const exam = examOf(learner);
  const date = examDateOf(learner, now);
  const hours = dailyHoursOf(learner) ?? 6;
  const daysLeft = date && date > now ? Math.ceil((date - now) / DAY_MS) : null;
  const weeks = Math.min(52, Math.max(1, Math.floor((daysLeft ?? 16 * 7) / 7)));
  const assumed = [
    ...(daysLeft ? [] : ["16 weeks to go"]),
    ...(dailyHoursOf(learner) ? [] : ["6 study hours a day"]),
  ];
  const mcqsPerDay = Math.round((hours * 0.3 * 60) / 1.5 / 10) * 10;
  const lines: string[] = [
    `**Your ${exam} plan: ${weeks} week${weeks === 1 ? "" : "s"}, about ${hours} hours a day**`,
    "",
    date && daysLeft
      ? `Exam date: ${formatDate(date)} (${daysLeft} days from today).`
      : date
        ? "That date has already passed, so this plan assumes 16 weeks; tell me the next exam date for one fitted to it."
        : "",
    assumed.length
      ? `I assumed ${assumed.join(" and ")}; tell me your exam date and daily hours (e.g. "INI-CET on 10 May 2027, 8 hours a day") and I'll fit the plan to them.`
      : "",
    `${exam}: ${EXAM_PATTERN[exam]}. Check the current pattern and dates in the official bulletin.`,
    exam === "NEET-PG"
      ? ""
      : "The subject weights below are NEET-PG's published pattern, a good guide for this exam too.",
    "",
  ].filter((line, index, all) => line !== "" || all[index - 1] !== "");

  if (weeks <= 3) {
    const days = weeks * 7;
    const shares = shareDays(NEET_PG_SUBJECT_WEIGHTS.slice(0, 8), Math.max(8, days - 4));
    lines.push(
      "**Rapid revision (less than a month left)**",
      "",
      "No new sources now: revise your own notes and the takeaways of questions you got wrong.",
      "",
      "| Days | Revise |",
      "| --- | --- |",
      ...NEET_PG_SUBJECT_WEIGHTS.slice(0, 8).map(
        (weight, index) =>
          `| ${shares[index]} | ${weight.subject} (≈${weight.questions} questions), plus a short look at its allied small subjects |`,
      ),
      "| last 3–4 | One full-length mock every other day, and the day after each, go through every wrong answer |",
      "",
      `Each day: about ${mcqsPerDay} timed questions, then an hour on the mistakes.`,
    );
  } else {
    const firstPass = Math.max(1, Math.round(weeks * 0.6));
    const final = Math.max(1, Math.round(weeks * 0.15));
    const revision = Math.max(0, weeks - firstPass - final);
    const studyDays = firstPass * 6;
    const shares = shareDays(NEET_PG_SUBJECT_WEIGHTS, studyDays);
    let day = 0;
    const byWeek = new Map<number, string[]>();
    for (const [index, weight] of NEET_PG_SUBJECT_WEIGHTS.entries()) {
      const share = shares[index]!;
      const week = Math.floor(day / 6) + 1;
      const last = Math.floor((day + share - 1) / 6) + 1;
      for (let at = week; at <= last; at++) {
        byWeek.set(at, [...(byWeek.get(at) ?? []), weight.subject]);
      }
      day += share;
    }
    lines.push(
      `**Weeks 1–${firstPass} · First pass, heaviest subjects first** (six study days a week; the seventh revises the week and ends with a test on it)`,
      "",
      "| Week | Subjects |",
      "| --- | --- |",
      ...[...byWeek].map(
        ([week, subjects]) => `| ${week} | ${[...new Set(subjects)].join(", ")} |`,
      ),
      "",
    );
    if (revision > 0) {
      lines.push(
        `**Weeks ${firstPass + 1}–${firstPass + revision} · Second pass and mixed practice**`,
        "",
        "Revise every subject again in the same order at about twice the speed, from your own notes. One grand test a week across all subjects, and a day to analyse it.",
        "",
      );
    }
    lines.push(
      `**Last ${final === 1 ? "week" : `${final} weeks`} · Mocks and final revision**`,
      "",
      "A full-length mock every two or three days at the real exam time, the next day spent on every wrong and guessed answer; rapid revision of high-yield tables and takeaways; no new sources.",
      "",
      "**Days in the first pass, by NEET-PG weight**",
      "",
      "| Subject | ≈ questions of 200 | Days | Practice questions in MedMentor |",
      "| --- | --- | --- | --- |",
      ...NEET_PG_SUBJECT_WEIGHTS.map(
        (weight, index) =>
          `| ${weight.subject} | ${weight.questions} | ${shares[index]} | ${bankCounts.get(weight.subject) ?? 0} |`,
      ),
    );
  }
  lines.push(
    "",
    `**A study day of ${hours} hours:** about half on the day's topics (read, then close the book and recall), about ${mcqsPerDay} timed MCQs on them (Clinical Quiz on the subject), and the rest on spaced revision of earlier topics and flashcards of what you got wrong. Keep one half-day a week free: a plan you can keep beats a perfect one.`,
  );
  return lines.join("\n");
}

// ---------------------------------------------------------------------------
// CV and SOP help

const CV_GUIDE = [
  "**A medical CV that works (India and abroad)**",
  "",
  "1. **Contact and registration:** name, phone, e-mail, and your medical council registration (NMC or state council, with number) once you have it.",
  "2. **Education:** MBBS (university, college, years), internship (dates, hospital), then any postgraduate training; add professional-exam marks only if they help.",
  '3. **Clinical experience:** each post with dates, department and what you did, with numbers where you can ("clerked 15 admissions a week", "assisted in 40 caesarean sections").',
  "4. **Research and publications:** in Vancouver style, your name in bold; then posters and presentations, audits and quality-improvement projects.",
  "5. **Courses and skills:** BLS/ACLS/NRP, workshops, procedures you can do independently, languages.",
  "6. **Awards, teaching, leadership and volunteering:** health camps, NSS, college societies, teaching juniors.",
  "7. **Referees:** two or three, at least one clinical supervisor, with their permission.",
  "",
  "Keep it reverse-chronological and two pages at most (longer only for an academic post). Abroad (UK, US), leave out photo, date of birth, religion and marital status. Never list anything you did not do: every line can come up in an interview.",
].join("\n");

const SOP_GUIDE = [
  "**A statement of purpose, step by step**",
  "",
  "1. **Opening (3–4 sentences):** one specific moment from your own training that shows why this field, not a childhood dream.",
  "2. **What you have done:** two or three experiences (a patient you learned from, a project, a posting) and what each taught you; show, don't tell.",
  "3. **Why this programme:** what it offers that you need (training, case mix, research, faculty), named specifically.",
  "4. **Your goals:** where you want to be in five to ten years, and how this course gets you there.",
  "5. **Close:** one or two sentences that tie your experience to your goal.",
  "",
  'Keep within the word limit (often 500–1,000 words), one idea per paragraph, in your own voice. Avoid "since childhood", "passion" without evidence, and lists of adjectives about yourself. Ask a senior or a mentor to read it, and read it aloud before you send it.',
].join("\n");

/** Quick checks on a pasted draft: length, clichés, very long sentences. */
function draftChecks(text: string): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  if (words.length < 120) return [];
  const cliches = [
    "since childhood",
    "since my childhood",
    "always wanted",
    "passion",
    "noble profession",
    "serve humanity",
    "hard-working",
    "dream",
  ].filter((phrase) => text.toLowerCase().includes(phrase));
  const long = text.split(/[.!?]+\s/).filter((sentence) => sentence.split(/\s+/).length > 35);
  return [
    "**Quick checks on your draft**",
    "",
    `- Length: ${words.length} words; check it against the programme's limit.`,
    cliches.length
      ? `- Phrases readers have seen too often: ${cliches.map((phrase) => `"${phrase}"`).join(", ")}; replace each with something that happened to you.`
      : "- No stock phrases found; good.",
    long.length
      ? `- ${long.length} sentence${long.length === 1 ? " is" : "s are"} longer than 35 words; split them.`
      : "- Sentence length is fine.",
    "",
    "I can't rewrite your draft right now; check it against the steps above.",
    "",
  ];
}

export function cvSopGuidance(learner: string): string {
  const lower = learner.toLowerCase();
  const wantsSop = /\bsop\b|statement|personal statement|essay|motivation letter|cover letter/.test(
    lower,
  );
  const wantsCv = /\bcv\b|resume|résumé|curriculum/.test(lower);
  const parts =
    wantsSop && !wantsCv ? [SOP_GUIDE] : wantsCv && !wantsSop ? [CV_GUIDE] : [CV_GUIDE, SOP_GUIDE];
  return [...draftChecks(learner), parts.join("\n\n")].join("\n");
}

// ---------------------------------------------------------------------------
// Career guidance

const CAREER_SECTIONS: { test: RegExp; text: string }[] = [
  {
    test: /neet|\bpg\b|md\b|\bms\b|dnb|residency in india|specialt|branch/,
    text: [
      "**Postgraduate training in India**",
      "",
      "- **NEET-PG** (conducted by NBEMS) is the entrance for MD, MS, DNB and PG diploma seats across most of India; counselling is by MCC for all-India quota seats and by the states for state quota.",
      "- **INI-CET** is the separate entrance for AIIMS, JIPMER, PGIMER Chandigarh and NIMHANS.",
      "- **MD/MS vs DNB:** both are recognised specialist qualifications; DNB seats are in accredited hospitals, often with heavy clinical load; look at the hospital's case mix and teaching, not only the name.",
      "- **Choosing a branch:** weigh what you enjoy day to day (procedures or long-term care, acute or planned work), the training years and later super-specialty options, the job market in the cities you want, and your rank realistically; talk to residents in the branch before you decide.",
    ].join("\n"),
  },
  {
    test: /usmle|\busa?\b|united states|america|ecfmg|match/,
    text: [
      "**Working in the United States (USMLE)**",
      "",
      "- ECFMG certification: USMLE Step 1 (now pass/fail), Step 2 CK (scored, and now the main academic measure), plus ECFMG's communication-skills and credential requirements; then apply to residency through ERAS and the NRMP Match.",
      "- What counts: Step 2 CK score, US clinical experience (electives or observerships), US letters of recommendation, research, and few attempts per exam.",
      "- Plan for the cost (exam fees, travel, months of application) and visas (J-1 or H-1B). Check current rules on the ECFMG and USMLE sites.",
    ].join("\n"),
  },
  {
    test: /plab|\buk\b|united kingdom|britain|gmc|nhs|england/,
    text: [
      "**Working in the United Kingdom (PLAB)**",
      "",
      "- GMC registration through PLAB 1 (written) and PLAB 2 (clinical OSCE in the UK), after an English test (IELTS Academic or OET at the GMC's required scores); or through a recognised postgraduate qualification or sponsorship.",
      "- Most start in non-training NHS posts, then apply for specialty training; the NHS Jobs and Oriel sites list posts and rounds.",
      "- Check current fees, scores and rules on the GMC website.",
    ].join("\n"),
  },
  {
    test: /australia|\bamc\b|new zealand|canada|germany|abroad|gulf|dubai|dha|haad|prometric/,
    text: [
      "**Other countries**",
      "",
      "- **Australia:** the AMC pathway (AMC MCQ exam, then the clinical exam or workplace-based assessment), or a specialist pathway for those with postgraduate qualifications.",
      "- **Gulf countries:** licensing exams of each regulator (for example DHA, DOH Abu Dhabi, QCHP, SCFHS), often after a postgraduate qualification and experience.",
      "- **Germany and Europe:** language certification (often B2–C1 medical German) and a licence recognition process.",
      "- Each route changes often: read the regulator's own site before you spend money.",
    ].join("\n"),
  },
  {
    test: /fmge|foreign|abroad.*mbbs|russia|china|ukraine|philippines|kyrgyz|nepal|bangladesh/,
    text: [
      "**Foreign medical graduates coming back to India**",
      "",
      "- FMGE (by NBEMS, twice a year) is required before registration: 300 questions, pass mark 150 of 300, no negative marking; then internship as the NMC requires.",
      "- Prepare the way you would for NEET-PG, subject by subject, with many practice questions; the Study Schedule mode can plan it.",
    ].join("\n"),
  },
  {
    test: /non.?clinical|alternative|research|public health|mph|administration|mha|upsc|cms|army|afms|industry|pharma|writing|informatics/,
    text: [
      "**Careers beside clinical practice**",
      "",
      "- **Public health:** an MPH or MD Community Medicine; roles in government programmes, WHO/UNICEF and NGOs.",
      "- **Government service:** UPSC Combined Medical Services, state public service commissions, and the Armed Forces Medical Services.",
      "- **Research and academia:** ICMR and institute research posts, a PhD, clinical research in hospitals and CROs.",
      "- **Hospital administration (MHA/MBA), medical writing, pharmaceutical medicine, health-tech and informatics.**",
      "- A year of clinical work first keeps more doors open; try a short project before committing.",
    ].join("\n"),
  },
];

export function careerGuidance(learner: string): string {
  const lower = learner.toLowerCase();
  const chosen = CAREER_SECTIONS.filter((section) => section.test.test(lower));
  const sections = chosen.length
    ? chosen
    : [CAREER_SECTIONS[0]!, CAREER_SECTIONS[1]!, CAREER_SECTIONS[2]!, CAREER_SECTIONS[5]!];
  return [
    ...(chosen.length
      ? []
      : [
          "Here is an overview of the main paths after MBBS; tell me which one interests you for more.",
          "",
        ]),
    sections.map((section) => section.text).join("\n\n"),
    "",
    "Dates, fees, seat numbers and cut-offs change every year: check them with the official source (NBEMS, MCC, AIIMS, ECFMG, GMC, AMC) before you decide.",
  ].join("\n");
}
