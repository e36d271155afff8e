import type { BankScenario } from "../types";

const scenarios: BankScenario[] = [
  {
    id: "meningitis-01",
    topic: "Neurology",
    condition: "Meningitis",
    tags: [
      "neurology",
      "infectious diseases",
      "meningitis",
      "bacterial meningitis",
      "pyogenic meningitis",
      "lumbar puncture",
      "lp",
      "ct before lp",
      "ceftriaxone",
      "dexamethasone",
      "cns infection",
    ],
    case: {
      history:
        "A 35-year-old mason in Lucknow is brought in with 1 day of high fever, severe headache and vomiting. He became confused and had a generalised seizure on the way to hospital. No known illnesses.",
      examination:
        "GCS 11 (E3 V3 M5). Temperature 39.6 °C, pulse 118/min, BP 122/76 mmHg, RR 22/min. Neck stiffness, Kernig sign positive. Left pronator drift. Fundi not clearly seen. No rash.",
      results:
        "Capillary glucose 118 mg/dL. WBC 19,800/µL. No other results yet. The CT scanner is available, but with a wait of about an hour.",
    },
    question: "What is the most appropriate next step?",
    options: [
      "Perform a lumbar puncture immediately, then start antibiotics according to the CSF Gram stain",
      "Arrange CT head, then lumbar puncture, and start antibiotics once CSF has been obtained",
      "Take blood cultures, give IV dexamethasone and IV ceftriaxone (adding vancomycin where pneumococcal resistance is a concern) now, and do a CT head before any lumbar puncture",
      "Start IV acyclovir alone and arrange an MRI brain",
    ],
    correctIndex: 2,
    explanations: [
      "A seizure, reduced GCS and a focal deficit are indications for imaging before LP because of the risk of herniation with a mass lesion or raised pressure; and antibiotics must not wait for CSF.",
      "Imaging is appropriate here, but holding antibiotics until after CT and LP could delay them by hours, and each hour of delay in bacterial meningitis increases mortality.",
      "Correct. Suspected bacterial meningitis with a seizure, GCS 11 and a focal sign: take blood cultures, give dexamethasone (just before or with the first dose) and empirical ceftriaxone at once, then CT before any LP. CSF sent a few hours after antibiotics still yields useful cell counts, antigen and PCR results.",
      "Acyclovir may be added if encephalitis is suspected, but given alone it leaves a likely bacterial meningitis untreated.",
    ],
    takeaway:
      "Suspected bacterial meningitis needing CT before LP: blood cultures, dexamethasone and antibiotics first, then scan; never let imaging delay antibiotics.",
    reference:
      "IDSA Practice Guidelines for the Management of Bacterial Meningitis (2004); ESCMID guideline: diagnosis and treatment of acute bacterial meningitis (2016)",
    difficulty: "medium",
  },
  {
    id: "meningitis-02",
    topic: "Neurology",
    condition: "Meningitis",
    tags: [
      "neurology",
      "infectious diseases",
      "meningitis",
      "tuberculous meningitis",
      "tbm",
      "tb",
      "tuberculosis",
      "csf analysis",
      "ada",
      "hydrocephalus",
      "cranial nerve palsy",
    ],
    case: {
      history:
        "A 28-year-old woman in Ranchi has had headache and low-grade evening fever for 3 weeks, and vomiting and double vision for 4 days. She has lost weight. Her father was treated for pulmonary TB last year. HIV test: negative.",
      examination:
        "GCS 14. Temperature 38.0 °C. Neck stiffness. Right lateral rectus palsy. Fundi: blurred disc margins. No focal limb weakness.",
      results:
        "MRI brain with contrast: thick basal meningeal enhancement and mild communicating hydrocephalus. CSF (after imaging): opening pressure 26 cm H2O; clear, forms a cobweb clot on standing; WBC 180/µL (85% lymphocytes); protein 220 mg/dL; glucose 32 mg/dL (blood glucose 110 mg/dL); adenosine deaminase 14 U/L; Gram stain and India ink negative.",
    },
    question: "What is the most likely diagnosis?",
    options: [
      "Acute bacterial (pyogenic) meningitis",
      "Tuberculous meningitis",
      "Viral meningitis",
      "Cryptococcal meningitis",
    ],
    correctIndex: 1,
    explanations: [
      "Pyogenic meningitis is acute (hours to a few days) with a neutrophilic CSF, often turbid, with organisms on Gram stain; a 3-week course with lymphocytes points elsewhere.",
      "Correct. Subacute illness, a TB contact, a sixth nerve palsy, basal meningeal enhancement with hydrocephalus, and a lymphocytic CSF with very high protein, low glucose and raised ADA are classic for TB meningitis. Send CSF for NAAT (Xpert MTB/RIF Ultra) and culture, and start anti-TB treatment with adjunctive corticosteroids without waiting.",
      "Viral meningitis is acute and self-limiting, with normal CSF glucose and only mildly raised protein.",
      "Cryptococcal meningitis is mainly a disease of advanced HIV or other immunosuppression, and India ink is negative here; CSF cryptococcal antigen would be the definitive test if in doubt.",
    ],
    takeaway:
      "Subacute meningitis + cranial nerve palsy + basal exudates/hydrocephalus + lymphocytic CSF with high protein and low glucose = TB meningitis: treat with ATT plus steroids.",
    reference:
      "Harrison's Principles of Internal Medicine, 21st ed.; Index-TB Guidelines (ICMR), 2016",
    difficulty: "easy",
  },
  {
    id: "meningitis-03",
    topic: "Neurology",
    condition: "Meningitis",
    tags: [
      "neurology",
      "infectious diseases",
      "meningitis",
      "meningococcal meningitis",
      "neisseria meningitidis",
      "chemoprophylaxis",
      "close contacts",
      "ciprofloxacin",
      "rifampicin",
      "public health",
    ],
    case: {
      history:
        "A 19-year-old student comes to the campus health clinic in Manipal. His roommate, with whom he shares a room and meals, was admitted yesterday with meningococcal meningitis (Gram-negative diplococci in the CSF; Neisseria meningitidis grown). He asks what he should do. He has no illnesses, no drug allergies and takes no medicines.",
      examination: "Well and afebrile. Pulse 76/min, BP 118/74 mmHg. No neck stiffness, no rash.",
      results: "No tests done.",
    },
    question: "What is the most appropriate advice for this student?",
    options: [
      "No action unless he develops a fever",
      "Meningococcal vaccination alone, without antibiotics",
      "A 10-day course of oral amoxicillin",
      "A single oral dose of ciprofloxacin 500 mg as chemoprophylaxis (rifampicin or IM ceftriaxone are alternatives), with advice to seek care urgently if symptoms develop",
    ],
    correctIndex: 3,
    explanations: [
      "Household-type close contacts have a much higher risk of meningococcal disease in the following weeks; waiting for fever loses the chance to eradicate carriage.",
      "Vaccination may be offered to close contacts when the serogroup is vaccine-preventable, but it takes time to work and does not clear carriage; antibiotic prophylaxis is still needed.",
      "Amoxicillin does not reliably eradicate nasopharyngeal carriage of meningococci.",
      "Correct. Close contacts (people living or sleeping in the same household or dormitory room) should receive chemoprophylaxis as soon as possible, ideally within 24 hours of the index diagnosis: single-dose ciprofloxacin, or rifampicin for 2 days, or single-dose IM ceftriaxone (preferred in pregnancy).",
    ],
    takeaway:
      "Close contacts of meningococcal disease: single-dose ciprofloxacin (or rifampicin or ceftriaxone) promptly, plus safety-net advice.",
    reference:
      "Park's Textbook of Preventive and Social Medicine; CDC Meningococcal disease: chemoprophylaxis guidance",
    difficulty: "easy",
  },
  {
    id: "meningitis-04",
    topic: "Neurology",
    condition: "Meningitis",
    tags: [
      "neurology",
      "infectious diseases",
      "meningitis",
      "bacterial meningitis",
      "listeria",
      "listeria monocytogenes",
      "elderly",
      "immunocompromised",
      "ampicillin",
      "empirical antibiotics",
    ],
    case: {
      history:
        "A 72-year-old woman in Pune with diabetes and rheumatoid arthritis, taking prednisolone 10 mg daily and methotrexate, presents with 2 days of fever, headache and increasing confusion.",
      examination:
        "GCS 13. Temperature 39.0 °C, pulse 110/min, BP 134/80 mmHg. Neck stiffness. No focal deficit, no papilloedema, no rash.",
      results:
        "CSF: WBC 1,200/µL (80% neutrophils), protein 180 mg/dL, glucose 28 mg/dL (blood glucose 160 mg/dL); Gram stain: no organisms seen. Blood cultures sent. Creatinine 1.0 mg/dL.",
    },
    question: "Which empirical antibiotic regimen is most appropriate?",
    options: [
      "IV ceftriaxone plus IV ampicillin (adding vancomycin where penicillin-resistant pneumococci are a concern)",
      "IV ceftriaxone alone",
      "IV ceftriaxone plus IV vancomycin",
      "Oral ciprofloxacin",
    ],
    correctIndex: 0,
    explanations: [
      "Correct. Bacterial meningitis in a person over 50 or immunosuppressed (steroids, methotrexate, diabetes) must cover Listeria monocytogenes as well as pneumococcus and meningococcus; Listeria is intrinsically resistant to cephalosporins, so ampicillin (or amoxicillin) is added to the third-generation cephalosporin.",
      "Ceftriaxone covers pneumococcus and meningococcus but not Listeria, a major cause of meningitis in older and immunosuppressed patients.",
      "Vancomycin covers resistant pneumococci but, like ceftriaxone, does not treat Listeria.",
      "Oral ciprofloxacin gives inadequate CSF levels for treatment and does not cover the likely organisms; bacterial meningitis needs high-dose IV therapy.",
    ],
    takeaway:
      "Bacterial meningitis in those over 50 or immunosuppressed: add ampicillin to ceftriaxone to cover Listeria.",
    reference:
      "IDSA Practice Guidelines for the Management of Bacterial Meningitis (2004); ESCMID guideline: diagnosis and treatment of acute bacterial meningitis (2016)",
    difficulty: "medium",
  },
  {
    id: "meningitis-05",
    topic: "Neurology",
    condition: "Meningitis",
    tags: [
      "neurology",
      "infectious diseases",
      "meningitis",
      "cryptococcal meningitis",
      "cryptococcus",
      "hiv",
      "aids",
      "crag",
      "opportunistic infection",
      "csf analysis",
      "raised intracranial pressure",
    ],
    case: {
      history:
        "A 34-year-old truck driver in Visakhapatnam was diagnosed with HIV 2 years ago but is not taking antiretroviral therapy. He has had 2 weeks of worsening headache, low-grade fever and blurred vision. His CD4 count last month was 48 cells/µL.",
      examination:
        "GCS 15. Temperature 37.8 °C. Mild neck stiffness. Bilateral papilloedema. No focal deficit. Oral thrush.",
      results:
        "CT head: no mass lesion, no hydrocephalus. CSF: opening pressure 34 cm H2O; WBC 20/µL (lymphocytes); protein 70 mg/dL; glucose 38 mg/dL (blood glucose 96 mg/dL); Gram stain negative.",
    },
    question: "Which CSF test will most quickly and reliably confirm the likely diagnosis?",
    options: [
      "CSF adenosine deaminase (ADA)",
      "CSF VDRL",
      "CSF cryptococcal antigen (CrAg) by lateral flow assay",
      "Repeat CT head with contrast",
    ],
    correctIndex: 2,
    explanations: [
      "ADA supports TB meningitis but is non-specific and can be raised in other infections and lymphoma; it does not diagnose the commonest cause of this picture in advanced HIV.",
      "Neurosyphilis occurs in HIV, but it does not typically produce this degree of raised pressure with minimal inflammation; VDRL is not the first test here.",
      "Correct. Advanced HIV (CD4 <100), subacute headache, very high opening pressure and a bland CSF suggest cryptococcal meningitis; CSF CrAg by lateral flow is rapid and over 95% sensitive and specific (more sensitive than India ink). Treat with an amphotericin B–based induction plus flucytosine, control pressure with therapeutic LPs, and delay ART for 4–6 weeks.",
      "CT has already excluded a mass lesion and cannot identify the organism.",
    ],
    takeaway:
      "Advanced HIV with headache and very high CSF opening pressure: test CSF (or serum) cryptococcal antigen; manage raised pressure with repeated LPs.",
    reference:
      "WHO Guidelines for diagnosing, preventing and managing cryptococcal disease among adults, adolescents and children living with HIV (2022)",
    difficulty: "medium",
  },
];

export default scenarios;
