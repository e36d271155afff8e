import type { BankQuestion } from "../types";

const questions: BankQuestion[] = [
  {
    id: "infectious-diseases-01",
    topic: "Infectious Diseases",
    tags: [
      "infectious diseases",
      "malaria",
      "severe malaria",
      "falciparum",
      "plasmodium falciparum",
      "artesunate",
      "cerebral malaria",
      "antimalarials",
    ],
    question:
      "A 28-year-old man from Odisha has had fever for 5 days and is now confused and jaundiced. Peripheral smear shows Plasmodium falciparum with 8% parasitaemia; haemoglobin 7 g/dL, creatinine 3.2 mg/dL. What is the drug of choice?",
    options: [
      "Oral chloroquine",
      "Oral artemether-lumefantrine",
      "IV artesunate",
      "IV quinine as the first choice",
    ],
    correctIndex: 2,
    explanations: [
      "P. falciparum in India is widely chloroquine-resistant, and oral therapy is inadequate for severe malaria.",
      "Oral ACTs treat uncomplicated malaria; a confused, jaundiced patient with renal impairment has severe malaria needing parenteral therapy, and oral ACT follows once he can take tablets.",
      "Impaired consciousness, jaundice, renal impairment and high parasitaemia define severe falciparum malaria; IV artesunate (2.4 mg/kg at 0, 12 and 24 hours, then daily) lowers mortality compared with quinine and is followed by a full oral ACT course.",
      "Quinine is an alternative only when artesunate is unavailable; it is less effective and causes hypoglycaemia, cinchonism and arrhythmias.",
    ],
    takeaway:
      "Severe falciparum malaria: IV artesunate first, then complete a full oral ACT course.",
    reference:
      "WHO Guidelines for Malaria; NCVBDC (India) Guidelines for Diagnosis and Treatment of Malaria",
    difficulty: "easy",
  },
  {
    id: "infectious-diseases-02",
    topic: "Infectious Diseases",
    tags: [
      "infectious diseases",
      "malaria",
      "vivax",
      "plasmodium vivax",
      "primaquine",
      "hypnozoites",
      "relapse",
      "g6pd deficiency",
      "antimalarials",
    ],
    question:
      "A 24-year-old man has smear-confirmed, uncomplicated Plasmodium vivax malaria and is given chloroquine. Primaquine is added for 14 days. Why is primaquine given, and what should be checked before starting it?",
    options: [
      "To kill dormant liver hypnozoites and prevent relapse; check G6PD status",
      "To kill chloroquine-resistant blood schizonts; check renal function",
      "To prevent cerebral malaria; check the QT interval",
      "To shorten the duration of fever; check liver enzymes",
    ],
    correctIndex: 0,
    explanations: [
      "P. vivax (and P. ovale) form hypnozoites in the liver that cause relapses weeks to months later; primaquine (0.25 mg/kg daily for 14 days in India) is the radical cure, but it causes haemolysis in G6PD deficiency, so G6PD status should be checked. It is avoided in pregnancy and in infants.",
      "Chloroquine handles the blood stages of vivax in most of India; primaquine is given for its action on liver stages, not blood schizonts.",
      "Vivax malaria rarely causes cerebral malaria, and primaquine does not prevent severe disease; its purpose is relapse prevention.",
      "Primaquine has little effect on the acute fever, which is controlled by the blood schizonticide (chloroquine).",
    ],
    takeaway:
      "Vivax: chloroquine for the blood stage + 14-day primaquine for hypnozoites; check G6PD, avoid in pregnancy.",
    reference:
      "NCVBDC (India) Guidelines for Diagnosis and Treatment of Malaria; WHO Guidelines for Malaria",
    difficulty: "medium",
  },
  {
    id: "infectious-diseases-03",
    topic: "Infectious Diseases",
    tags: [
      "infectious diseases",
      "dengue",
      "dengue warning signs",
      "plasma leakage",
      "critical phase",
      "haematocrit",
      "fluid management",
      "dhf",
    ],
    question:
      "A 22-year-old with NS1-positive dengue is on day 5 of illness. His fever has just settled, but he now has abdominal pain, persistent vomiting and a tender liver 3 cm below the costal margin. Haematocrit has risen from 38% to 47% and platelets have fallen from 90,000 to 35,000/µL. BP 110/80 mmHg, pulse 104/min. What is the most appropriate course?",
    options: [
      "He is entering the recovery phase: discharge with oral fluids",
      "Transfuse platelets",
      "Start IV antibiotics for secondary bacterial sepsis",
      "Admit: dengue with warning signs in the critical (plasma leakage) phase, treated with IV isotonic crystalloid titrated to clinical state and haematocrit",
    ],
    correctIndex: 3,
    explanations: [
      "Defervescence around days 3–7 marks the start of the critical phase, when plasma leakage can cause shock; it is not the time to discharge him.",
      "A falling platelet count without significant bleeding is not an indication for platelet transfusion, which does not prevent leakage or shock.",
      "This picture is explained by dengue plasma leakage; there is no evidence of bacterial infection.",
      "Abdominal pain, persistent vomiting, liver enlargement >2 cm and a rising haematocrit with a rapid platelet fall are WHO warning signs; he needs admission, IV crystalloid titrated to vital signs, urine output and haematocrit, and close monitoring for shock.",
    ],
    takeaway:
      "Dengue: danger comes as the fever settles; warning signs + rising haematocrit = admit and give titrated IV crystalloid.",
    reference: "WHO Dengue: Guidelines for Diagnosis, Treatment, Prevention and Control, 2009",
    difficulty: "medium",
  },
  {
    id: "infectious-diseases-04",
    topic: "Infectious Diseases",
    tags: [
      "infectious diseases",
      "dengue",
      "thrombocytopenia",
      "platelet transfusion",
      "dengue fever",
      "nsaids",
      "paracetamol",
    ],
    question:
      "A 30-year-old woman with dengue is on day 6 of illness. She is haemodynamically stable with a stable haematocrit and no bleeding. Her platelet count is 15,000/µL. What is the most appropriate management?",
    options: [
      "Prophylactic platelet transfusion",
      "Continue close monitoring and oral fluids without platelet transfusion, with paracetamol for fever",
      "Oral ibuprofen for fever and myalgia",
      "Fresh frozen plasma transfusion",
    ],
    correctIndex: 1,
    explanations: [
      "Prophylactic platelet transfusion in stable dengue without bleeding does not reduce bleeding or improve outcomes and risks fluid overload and transfusion reactions; Indian guidance considers it only at very low counts (below about 10,000/µL) or with significant bleeding.",
      "Thrombocytopenia in dengue recovers spontaneously; a stable, non-bleeding patient needs monitoring, oral fluids and paracetamol, with transfusion reserved for significant bleeding.",
      "NSAIDs and aspirin impair platelet function and can precipitate bleeding and gastritis in dengue; they are avoided.",
      "FFP has no role in a non-bleeding patient without a coagulopathy needing correction.",
    ],
    takeaway:
      "Dengue with low platelets but no bleeding: monitor; no prophylactic platelets; paracetamol, never NSAIDs.",
    reference:
      "National Guidelines for Clinical Management of Dengue Fever (NCVBDC, India); WHO Dengue Guidelines, 2009",
    difficulty: "medium",
  },
  {
    id: "infectious-diseases-05",
    topic: "Infectious Diseases",
    tags: [
      "infectious diseases",
      "typhoid",
      "enteric fever",
      "salmonella typhi",
      "azithromycin",
      "fluoroquinolone resistance",
      "antimicrobials",
    ],
    question:
      "A 20-year-old student from Delhi has 8 days of step-ladder fever, abdominal discomfort, a coated tongue and relative bradycardia. Blood culture grows Salmonella Typhi resistant to ciprofloxacin but sensitive to azithromycin and ceftriaxone. He is alert, eating well and has no complications. What is the most appropriate treatment?",
    options: ["Oral ciprofloxacin", "Oral doxycycline", "Oral azithromycin", "Oral metronidazole"],
    correctIndex: 2,
    explanations: [
      "Fluoroquinolone resistance in S. Typhi is now widespread in South Asia and is documented in this isolate, so ciprofloxacin will likely fail.",
      "Doxycycline is the drug of choice for rickettsial infections such as scrub typhus, not for enteric fever.",
      "Uncomplicated enteric fever can be treated with oral azithromycin (or cefixime) as an outpatient; IV ceftriaxone is used for severe or complicated disease.",
      "Metronidazole acts on anaerobes and protozoa and has no activity against Salmonella.",
    ],
    takeaway:
      "Uncomplicated typhoid in India: oral azithromycin (or cefixime); complicated: IV ceftriaxone; avoid fluoroquinolones.",
    reference:
      "ICMR Treatment Guidelines for Antimicrobial Use in Common Syndromes; Harrison's Principles of Internal Medicine (Salmonella infections)",
    difficulty: "easy",
  },
  {
    id: "infectious-diseases-06",
    topic: "Infectious Diseases",
    tags: [
      "infectious diseases",
      "hiv",
      "aids",
      "art",
      "antiretroviral therapy",
      "tld",
      "dolutegravir",
      "naco",
    ],
    question:
      "A 30-year-old man is newly diagnosed with HIV-1 infection. His CD4 count is 420 cells/µL and he has no opportunistic infection or TB symptoms. What is the recommended approach to antiretroviral therapy?",
    options: [
      "Start tenofovir + lamivudine + dolutegravir (TLD) as soon as possible",
      "Defer ART until the CD4 count falls below 350 cells/µL",
      "Zidovudine monotherapy",
      "Tenofovir + lamivudine as a two-drug regimen",
    ],
    correctIndex: 0,
    explanations: [
      "WHO and NACO recommend 'treat all': ART for everyone with HIV regardless of CD4 count, started rapidly (same day where possible), with TLD as the preferred first-line regimen.",
      "CD4-based thresholds were abandoned after trials (START, TEMPRANO) showed that early ART reduces illness and death and prevents transmission.",
      "Monotherapy rapidly selects resistant virus and is never used for treatment.",
      "Two nucleoside reverse transcriptase inhibitors without a third active drug do not suppress viral replication adequately.",
    ],
    takeaway:
      "HIV: treat all, start fast; first-line is TLD (tenofovir + lamivudine + dolutegravir).",
    reference:
      "WHO Consolidated Guidelines on HIV Prevention, Testing, Treatment, Service Delivery and Monitoring, 2021; NACO National Guidelines for HIV Care and Treatment, 2021",
    difficulty: "easy",
  },
  {
    id: "infectious-diseases-07",
    topic: "Infectious Diseases",
    tags: [
      "infectious diseases",
      "hiv",
      "aids",
      "cryptococcal meningitis",
      "opportunistic infections",
      "iris",
      "art timing",
      "amphotericin b",
    ],
    question:
      "A 34-year-old woman with newly diagnosed HIV (CD4 45 cells/µL) has cryptococcal meningitis and has started amphotericin B with flucytosine. When should antiretroviral therapy be started?",
    options: [
      "Immediately, on the same day",
      "Within the first week of antifungal therapy",
      "Only after her CD4 count rises above 200 cells/µL",
      "4–6 weeks after starting antifungal therapy",
    ],
    correctIndex: 3,
    explanations: [
      "Same-day ART is recommended for most people with HIV, but not with cryptococcal meningitis, where early ART increases mortality.",
      "Starting ART within 1–2 weeks of cryptococcal meningitis treatment increased deaths in trials (COAT), largely from immune reconstitution inflammatory syndrome in the closed cranial space.",
      "The CD4 count will not rise meaningfully without ART; waiting for it would leave her untreated indefinitely.",
      "For cryptococcal meningitis, ART is deferred by 4–6 weeks after starting antifungal treatment to reduce the risk of fatal IRIS (a similar caution applies to TB meningitis).",
    ],
    takeaway:
      "HIV with cryptococcal meningitis: defer ART 4–6 weeks after starting antifungals to avoid fatal IRIS.",
    reference:
      "WHO Guidelines for Diagnosing, Preventing and Managing Cryptococcal Disease among Adults, Adolescents and Children Living with HIV, 2022",
    difficulty: "hard",
  },
  {
    id: "infectious-diseases-08",
    topic: "Infectious Diseases",
    tags: [
      "infectious diseases",
      "sepsis",
      "septic shock",
      "vasopressors",
      "noradrenaline",
      "norepinephrine",
      "map",
      "surviving sepsis campaign",
    ],
    question:
      "A 60-year-old woman with pyelonephritis has BP 78/40 mmHg (MAP 53 mmHg) despite 30 mL/kg of IV crystalloid; lactate is 4.5 mmol/L. Blood cultures have been taken and antibiotics given. What is the next step?",
    options: [
      "IV dopamine as the first-line vasopressor",
      "Noradrenaline (norepinephrine) titrated to a MAP of at least 65 mmHg",
      "IV hydrocortisone alone, without a vasopressor",
      "IV sodium bicarbonate to correct the lactate",
    ],
    correctIndex: 1,
    explanations: [
      "Dopamine causes more arrhythmias than noradrenaline and is not recommended as first-line in septic shock.",
      "Persistent hypotension after initial fluid resuscitation needs a vasopressor; noradrenaline is first-line, targeting MAP ≥65 mmHg (it can be started peripherally rather than delayed for central access).",
      "Hydrocortisone is added when adequate MAP needs ongoing or escalating vasopressor doses; it is not a substitute for a vasopressor.",
      "Bicarbonate does not improve outcomes in hypoperfusion-induced lactic acidosis with pH ≥7.2; the treatment is restoring perfusion.",
    ],
    takeaway:
      "Septic shock: antibiotics within 1 h, 30 mL/kg crystalloid, then noradrenaline for MAP ≥65 mmHg.",
    reference:
      "Surviving Sepsis Campaign: International Guidelines for Management of Sepsis and Septic Shock, 2021",
    difficulty: "medium",
  },
  {
    id: "infectious-diseases-09",
    topic: "Infectious Diseases",
    tags: [
      "infectious diseases",
      "sepsis",
      "septic shock",
      "sepsis-3",
      "sofa",
      "lactate",
      "definitions",
    ],
    question: "Under the Sepsis-3 definitions, which of the following defines septic shock?",
    options: [
      "Suspected infection with two or more SIRS criteria",
      "Suspected infection with an acute increase in SOFA score of 2 or more points",
      "Sepsis requiring vasopressors to keep MAP ≥65 mmHg, with serum lactate >2 mmol/L despite adequate fluid resuscitation",
      "Fever with a systolic BP below 90 mmHg at triage",
    ],
    correctIndex: 2,
    explanations: [
      "SIRS-based definitions were dropped in Sepsis-3 because SIRS is neither sensitive nor specific for dysregulated host response.",
      "Infection with a SOFA rise of ≥2 defines sepsis (life-threatening organ dysfunction), not septic shock.",
      "Septic shock is sepsis with circulatory and metabolic abnormalities severe enough to raise mortality substantially: vasopressor need for MAP ≥65 mmHg and lactate >2 mmol/L despite adequate volume resuscitation.",
      "A single low BP reading with fever is a screening red flag, not the definition; hypotension may respond to fluid.",
    ],
    takeaway:
      "Sepsis-3: sepsis = infection + SOFA ≥2; septic shock = vasopressors for MAP ≥65 + lactate >2 despite fluids.",
    reference:
      "The Third International Consensus Definitions for Sepsis and Septic Shock (Sepsis-3), JAMA, 2016",
    difficulty: "easy",
  },
  {
    id: "infectious-diseases-10",
    topic: "Infectious Diseases",
    tags: [
      "infectious diseases",
      "leptospirosis",
      "weil's disease",
      "weil disease",
      "acute febrile illness",
      "jaundice",
      "aki",
      "monsoon",
      "zoonosis",
    ],
    question:
      "A 35-year-old paddy farmer from Kerala develops high fever, severe muscle pain (especially the calves) and red eyes without discharge 10 days after monsoon flooding, followed by jaundice and reduced urine output. Bilirubin 9 mg/dL, ALT 110 U/L, creatinine 3.4 mg/dL, platelets 60,000/µL. Malaria tests are negative and there is no eschar. What is the most likely diagnosis?",
    options: [
      "Acute hepatitis E",
      "Scrub typhus",
      "Leptospirosis (Weil's disease)",
      "Dengue fever",
    ],
    correctIndex: 2,
    explanations: [
      "Viral hepatitis causes very high transaminases (often >1,000 U/L) with jaundice; calf myalgia, conjunctival suffusion and AKI are not features.",
      "Scrub typhus can cause fever, hepatitis and AKI, but usually with an eschar and lymphadenopathy, and after exposure to scrub vegetation rather than floodwater.",
      "Exposure to water contaminated by rodent urine, calf tenderness, conjunctival suffusion, and jaundice with high bilirubin but only modestly raised ALT plus AKI and thrombocytopenia are classic of severe leptospirosis; treat with IV penicillin G or ceftriaxone.",
      "Dengue causes fever, myalgia and thrombocytopenia, but deep jaundice with AKI and conjunctival suffusion after flood exposure point to leptospirosis.",
    ],
    takeaway:
      "Flood/paddy exposure + calf myalgia + conjunctival suffusion + jaundice + AKI = leptospirosis.",
    reference:
      "Harrison's Principles of Internal Medicine, 21st ed. (Leptospirosis); WHO Human Leptospirosis: Guidance for Diagnosis, Surveillance and Control, 2003",
    difficulty: "medium",
  },
  {
    id: "infectious-diseases-11",
    topic: "Infectious Diseases",
    tags: [
      "infectious diseases",
      "scrub typhus",
      "rickettsial infection",
      "orientia tsutsugamushi",
      "eschar",
      "doxycycline",
      "acute febrile illness",
    ],
    question:
      "A 40-year-old woman from Himachal Pradesh who works in the fields has had fever and headache for 7 days. She has a painless black eschar in the axilla with tender regional lymph nodes, raised transaminases and platelets of 80,000/µL. She is not pregnant. What is the drug of choice?",
    options: ["IV ceftriaxone", "Oral doxycycline", "Oral ciprofloxacin", "Oral amoxicillin"],
    correctIndex: 1,
    explanations: [
      "Orientia tsutsugamushi is an obligate intracellular organism without a conventional cell wall target; beta-lactams such as ceftriaxone are ineffective.",
      "Scrub typhus (eschar, lymphadenopathy, fever, hepatitis, thrombocytopenia) responds to doxycycline, usually with defervescence within 48 hours; azithromycin is used in pregnancy and children.",
      "Fluoroquinolones have been associated with treatment failure and poorer outcomes in scrub typhus and are not recommended.",
      "Penicillins have no activity against Orientia tsutsugamushi.",
    ],
    takeaway:
      "Fever + eschar + lymphadenopathy = scrub typhus: doxycycline (azithromycin in pregnancy).",
    reference:
      "DHR-ICMR Guidelines for Diagnosis and Management of Rickettsial Diseases in India, 2015",
    difficulty: "easy",
  },
  {
    id: "infectious-diseases-12",
    topic: "Infectious Diseases",
    tags: [
      "infectious diseases",
      "antimicrobials",
      "antimicrobial resistance",
      "amr",
      "mrsa",
      "staphylococcus aureus",
      "meca",
      "pbp2a",
      "microbiology",
      "pharmacology",
    ],
    question:
      "Why are beta-lactam antibiotics such as cloxacillin ineffective against methicillin-resistant Staphylococcus aureus (MRSA)?",
    options: [
      "MRSA makes an altered penicillin-binding protein (PBP2a, encoded by mecA) with low affinity for beta-lactams",
      "MRSA produces a penicillinase that hydrolyses cloxacillin",
      "MRSA pumps beta-lactams out through efflux pumps",
      "MRSA changes its peptidoglycan precursor terminus from D-Ala-D-Ala to D-Ala-D-Lac",
    ],
    correctIndex: 0,
    explanations: [
      "The mecA gene (on SCCmec) encodes PBP2a, which continues cell-wall cross-linking when beta-lactams have bound the normal PBPs; this confers resistance to almost all beta-lactams, so vancomycin or linezolid is used for serious MRSA infection.",
      "Staphylococcal penicillinase explains resistance to penicillin G, but cloxacillin and methicillin are designed to resist it.",
      "Efflux pumps mediate resistance to drugs such as tetracyclines and fluoroquinolones, not methicillin resistance.",
      "The D-Ala-D-Lac change is the mechanism of vancomycin resistance in enterococci (VRE), not of methicillin resistance.",
    ],
    takeaway:
      "MRSA = mecA → PBP2a with low beta-lactam affinity; treat serious infection with vancomycin or linezolid.",
    reference:
      "Goodman & Gilman's The Pharmacological Basis of Therapeutics, 14th ed. (Penicillins, cephalosporins and other beta-lactam antibiotics)",
    difficulty: "medium",
  },
  {
    id: "infectious-diseases-13",
    topic: "Infectious Diseases",
    tags: [
      "infectious diseases",
      "antimicrobials",
      "antimicrobial resistance",
      "amr",
      "esbl",
      "klebsiella",
      "bacteraemia",
      "carbapenems",
      "meropenem",
      "gram-negative",
    ],
    question:
      "A 65-year-old man is seriously ill with Klebsiella pneumoniae bacteraemia from a urinary source. The isolate is an ESBL producer: resistant to ceftriaxone, susceptible to meropenem and piperacillin-tazobactam. What is the most appropriate definitive therapy?",
    options: [
      "High-dose ceftriaxone",
      "Piperacillin-tazobactam",
      "Oral nitrofurantoin",
      "Meropenem",
    ],
    correctIndex: 3,
    explanations: [
      "ESBLs hydrolyse third-generation cephalosporins; raising the ceftriaxone dose does not overcome this resistance.",
      "In the MERINO trial, piperacillin-tazobactam was associated with higher 30-day mortality than meropenem for ceftriaxone-resistant E. coli and Klebsiella bloodstream infection, so it is not preferred even when reported susceptible.",
      "Nitrofurantoin achieves therapeutic concentrations only in the bladder urine; it cannot treat bacteraemia or upper urinary tract infection.",
      "A carbapenem (e.g. meropenem) is the preferred definitive treatment for serious ESBL-producing Enterobacterales infection such as bacteraemia; step-down to an active oral agent may follow once the patient improves.",
    ],
    takeaway:
      "Serious ESBL Enterobacterales infection (e.g. bacteraemia): carbapenem, not piperacillin-tazobactam.",
    reference:
      "IDSA Guidance on the Treatment of Antimicrobial-Resistant Gram-Negative Infections, 2024",
    difficulty: "hard",
  },
];

export default questions;
