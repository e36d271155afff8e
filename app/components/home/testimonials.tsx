import { SectionHeading } from "./section-heading";

type Testimonial = { quote: string; name: string; role: string; city: string };

const TESTIMONIALS: readonly Testimonial[] = [
  {
    quote:
      "Before my pharmacology internals I asked the mentor to grill me on antihypertensives until I stopped mixing up their side effects. Twenty minutes a night for a week, and the viva felt like a conversation.",
    name: "Ananya",
    role: "3rd Year MBBS",
    city: "Pune",
  },
  {
    quote:
      "The simulations are the closest thing to a night in casualty without the chaos. I have done the chest pain case three times and it asked me something different each time.",
    name: "Rahul",
    role: "Intern",
    city: "Lucknow",
  },
  {
    quote:
      "I am in nursing, not MBBS, and it still understood what I needed: drug dosage calculations and care plans, explained in plain English without talking down to me.",
    name: "Fathima",
    role: "2nd Year BSc Nursing",
    city: "Kochi",
  },
  {
    quote:
      "I use the quizzes on my phone between postings for NEET-PG. The per-question breakdown shows exactly where I slipped, so I know what to reread that night.",
    name: "Karthik",
    role: "Final Year MBBS",
    city: "Chennai",
  },
  {
    quote:
      "My oral pathology flashcards live here now. I revise them on the bus on patchy mobile data and the pages still load quickly.",
    name: "Meher",
    role: "3rd Year BDS",
    city: "Hyderabad",
  },
  {
    quote:
      "The SOP help asked the questions my seniors would have asked: why this programme, why now, what I would bring. My draft went from a list of marks to an actual story.",
    name: "Ishita",
    role: "MSc Clinical Psychology",
    city: "Delhi",
  },
];

export function Testimonials() {
  return (
    <section aria-labelledby="testimonials-title" className="bg-slate-50 py-16 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeading
          id="testimonials-title"
          eyebrow="Learners on MedMentor"
          title="How students use it"
        >
          <p>From first-year anatomy to internship and PG preparation, in their own words.</p>
        </SectionHeading>
        <ul className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {TESTIMONIALS.map((testimonial) => (
            <li key={testimonial.name}>
              <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                <blockquote className="flex-1 text-sm leading-relaxed text-slate-700">
                  <p>“{testimonial.quote}”</p>
                </blockquote>
                <figcaption className="mt-5 flex items-center gap-3">
                  <span
                    aria-hidden="true"
                    className="grid size-10 place-items-center rounded-full bg-brand-100 font-semibold text-brand-800"
                  >
                    {testimonial.name.charAt(0)}
                  </span>
                  <span className="text-sm">
                    <span className="block font-semibold text-slate-900">{testimonial.name}</span>
                    <span className="block text-slate-600">
                      {testimonial.role}, {testimonial.city}
                    </span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
