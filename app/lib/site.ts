/** Brand and navigation constants shared by the shell and the public pages. */
export const SITE = {
  name: "MedMentor",
  tagline: "Your AI clinical mentor",
  mentorName: "Dr. Mentor",
  phone: "+91 80 4719 2210",
  legalName: "MedMentor Learning Pvt. Ltd.",
  address: "3rd Floor, 14 Residency Road, Bengaluru 560025, India",
  social: [
    { name: "Instagram", href: "https://www.instagram.com/medmentor.in" },
    { name: "LinkedIn", href: "https://www.linkedin.com/company/medmentor-in" },
    { name: "YouTube", href: "https://www.youtube.com/@medmentor-in" },
  ],
} as const;

export type NavLink = { to: string; label: string };

/** Logged out, or signed in without a plan or trial. */
export const PUBLIC_NAV: readonly NavLink[] = [
  { to: "/", label: "Home" },
  { to: "/about", label: "About Us" },
  { to: "/features", label: "Our Features" },
  { to: "/support", label: "Support" },
  { to: "/contact", label: "Contact Us" },
];

/** Signed in with an active subscription or trial. */
export const MEMBER_NAV: readonly NavLink[] = [
  { to: "/", label: "Home" },
  { to: "/chatbot", label: "Chat with AI Mentor" },
  { to: "/features", label: "Our Features" },
  { to: "/clinical-simulations", label: "Clinical Simulations" },
  { to: "/clinical-quizzes", label: "Clinical Quizzes" },
  { to: "/flashcards", label: "Flashcards" },
];

/** The study tools a plan includes (PLANS.md), under Study in the navigation bar. */
export const STUDY_NAV: readonly NavLink[] = [
  { to: "/practice", label: "Practice Tests" },
  { to: "/progress", label: "Progress" },
  { to: "/planner", label: "Study Planner" },
  { to: "/mock-exams", label: "Mock Exams" },
  { to: "/case-studies", label: "Case Studies" },
  { to: "/feedback", label: "Mentor Feedback" },
];

export const FOOTER_LINKS: readonly NavLink[] = [
  { to: "/about", label: "About" },
  { to: "/features", label: "Features" },
  { to: "/plans", label: "Plans" },
  { to: "/support", label: "Support" },
  { to: "/contact", label: "Contact" },
  { to: "/privacy", label: "Privacy Policy" },
  { to: "/terms", label: "Terms of Service" },
];
