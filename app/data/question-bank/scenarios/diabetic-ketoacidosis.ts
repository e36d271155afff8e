import type { BankScenario } from "../types";

const scenarios: BankScenario[] = [
  {
    id: "diabetic-ketoacidosis-01",
    topic: "Endocrinology and Diabetes",
    condition: "Diabetic ketoacidosis",
    tags: [
      "endocrinology and diabetes",
      "endocrinology",
      "diabetes",
      "dka",
      "diabetic ketoacidosis",
      "t1dm",
      "type 1 diabetes",
      "iv fluids",
      "hyperglycaemic emergency",
    ],
    case: {
      history:
        "A 19-year-old college student in Chennai with type 1 diabetes for 6 years is brought to the emergency department with 2 days of vomiting and abdominal pain. She stopped her insulin because she was not eating.",
      examination:
        "Drowsy but oriented (GCS 14). Pulse 124/min, BP 96/60 mmHg, RR 30/min with deep sighing breaths, temperature 37.4 °C, SpO2 98% on room air. Dry tongue, capillary refill 3 seconds, fruity smell on the breath. Diffuse abdominal tenderness without guarding.",
      results:
        "Capillary glucose 426 mg/dL. Venous pH 7.12, bicarbonate 9 mmol/L. Blood beta-hydroxybutyrate 5.1 mmol/L. Na 133 mmol/L, K 4.8 mmol/L, Cl 100 mmol/L (anion gap 24). Creatinine 1.4 mg/dL. Urine ketones 3+. ECG: sinus tachycardia.",
    },
    question: "What is the most appropriate first step in management?",
    options: [
      "IV regular insulin 0.1 U/kg bolus then an infusion, starting IV fluids once the glucose begins to fall",
      "IV 0.9% saline (or a balanced crystalloid), about 1 litre over the first hour",
      "IV sodium bicarbonate because the pH is below 7.2",
      "Subcutaneous insulin glargine and oral rehydration",
    ],
    correctIndex: 1,
    explanations: [
      "Insulin given before volume is restored shifts water and potassium into cells, which can worsen hypotension and cause dangerous hypokalaemia; insulin follows the start of fluids once potassium is known to be adequate.",
      "Correct. The first priority is restoring circulating volume with isotonic crystalloid (about 1 L, 15–20 mL/kg, in the first hour); this also improves renal perfusion and lowers glucose. A fixed-rate IV insulin infusion (0.1 U/kg/h) follows once potassium is confirmed adequate.",
      "Bicarbonate is considered only in very severe acidosis (pH below about 7.0 in current guidance); at pH 7.12 the acidosis corrects with fluids and insulin, and bicarbonate risks hypokalaemia and paradoxical CSF acidosis.",
      "Moderate-to-severe DKA with vomiting and shock needs IV fluids and IV insulin; basal insulin alone is too slow and oral fluids cannot be kept down.",
    ],
    takeaway:
      "DKA: fluids first (about 1 L isotonic crystalloid in the first hour), then a fixed-rate IV insulin infusion once potassium is known.",
    reference:
      "Hyperglycemic Crises in Adults With Diabetes: A Consensus Report (ADA, EASD, JBDS, AACE, DTS), Diabetes Care 2024",
    difficulty: "easy",
  },
  {
    id: "diabetic-ketoacidosis-02",
    topic: "Endocrinology and Diabetes",
    condition: "Diabetic ketoacidosis",
    tags: [
      "endocrinology and diabetes",
      "diabetes",
      "dka",
      "diabetic ketoacidosis",
      "hypokalaemia",
      "hypokalemia",
      "potassium",
      "insulin infusion",
      "t1dm",
    ],
    case: {
      history:
        "A 34-year-old man with type 1 diabetes for 10 years presents to a Delhi emergency department with 3 days of vomiting and diarrhoea after eating at a wedding. He has been taking only half his usual insulin.",
      examination:
        "Alert. Pulse 116/min, BP 104/68 mmHg, RR 28/min with deep breathing, dry mucous membranes. Mild generalised muscle weakness; reflexes present.",
      results:
        "Glucose 388 mg/dL. pH 7.18, bicarbonate 11 mmol/L. Beta-hydroxybutyrate 4.6 mmol/L. Na 136 mmol/L, K 2.9 mmol/L (reference 3.5–5.0), creatinine 1.2 mg/dL. ECG: sinus tachycardia, flattened T waves and prominent U waves. He has already received 1 L of 0.9% saline over the past hour and is passing urine.",
    },
    question: "What is the most appropriate next step?",
    options: [
      "Start the fixed-rate IV insulin infusion now and recheck potassium in 4 hours",
      "Give IV sodium bicarbonate to correct the acidosis and drive potassium up",
      "Stop IV fluids until the potassium has been corrected",
      "Hold insulin for now; continue IV fluids with potassium chloride replacement under cardiac monitoring, and start insulin once potassium is back to a safe level",
    ],
    correctIndex: 3,
    explanations: [
      "Insulin drives potassium into cells; starting it at 2.9 mmol/L can precipitate severe hypokalaemia with arrhythmias and respiratory muscle weakness.",
      "Bicarbonate is not indicated at pH 7.18, and it moves potassium into cells, making hypokalaemia worse, not better.",
      "He is still volume depleted; fluids are needed both for resuscitation and as the vehicle for potassium replacement.",
      "Correct. Total-body potassium is depleted in DKA; a low level at presentation signals a severe deficit. ADA consensus guidance holds insulin when potassium is below about 3.3–3.5 mmol/L, giving IV potassium (roughly 10–30 mmol/h with ECG monitoring), and starts insulin once it has risen above that threshold.",
    ],
    takeaway:
      "Check potassium before starting insulin in DKA: if it is low, replace it first and delay insulin until it is safe.",
    reference:
      "Hyperglycemic Crises in Adults With Diabetes: A Consensus Report (ADA, EASD, JBDS, AACE, DTS), Diabetes Care 2024",
    difficulty: "medium",
  },
  {
    id: "diabetic-ketoacidosis-03",
    topic: "Endocrinology and Diabetes",
    condition: "Diabetic ketoacidosis",
    tags: [
      "endocrinology and diabetes",
      "diabetes",
      "hhs",
      "hyperosmolar hyperglycaemic state",
      "hyperosmolar hyperglycemic state",
      "hhns",
      "dka",
      "t2dm",
      "osmolality",
      "elderly",
    ],
    case: {
      history:
        "A 71-year-old man in Kolkata with type 2 diabetes on metformin is brought by his family because he has become confused over the last day. For 5 days he has had burning micturition, increasing thirst and frequent urination, and he has been drinking and eating little.",
      examination:
        "GCS 12 (E3 V4 M5). Pulse 112/min, BP 100/62 mmHg, RR 20/min with normal depth, temperature 38.2 °C. Very dry mucous membranes, sunken eyes. No focal neurological deficit, no neck stiffness.",
      results:
        "Glucose 980 mg/dL. Na 146 mmol/L, K 4.9 mmol/L, bicarbonate 22 mmol/L, venous pH 7.36. Beta-hydroxybutyrate 0.6 mmol/L. Urea 96 mg/dL, creatinine 2.1 mg/dL. Calculated effective osmolality about 350 mOsm/kg. Lactate 1.8 mmol/L. Urine: plenty of pus cells, nitrite positive.",
    },
    question: "What is the most likely diagnosis?",
    options: [
      "Diabetic ketoacidosis",
      "Hypoglycaemic encephalopathy",
      "Hyperosmolar hyperglycaemic state",
      "Metformin-associated lactic acidosis",
    ],
    correctIndex: 2,
    explanations: [
      "DKA needs ketonaemia (beta-hydroxybutyrate at least 3 mmol/L) with acidosis (pH below 7.3 or bicarbonate below 18 mmol/L); here ketones are minimal and pH and bicarbonate are normal.",
      "The glucose is 980 mg/dL, not low; the confusion is explained by severe hyperosmolality and dehydration.",
      "Correct. Very high glucose (at least 600 mg/dL), effective osmolality above 320 mOsm/kg, no significant ketosis or acidosis, and altered sensorium in an older person with type 2 diabetes and an infection: HHS. Treat with IV fluids to lower osmolality gradually, low-dose insulin (about 0.05 U/kg/h) once fluids are under way, potassium, thromboprophylaxis and antibiotics for the UTI.",
      "Lactate is 1.8 mmol/L and there is no acidosis, so lactic acidosis is excluded.",
    ],
    takeaway:
      "HHS = glucose ≥600 mg/dL + osmolality >320 mOsm/kg + little ketosis or acidosis, typically in older people with type 2 diabetes and an infection.",
    reference:
      "Hyperglycemic Crises in Adults With Diabetes: A Consensus Report (ADA, EASD, JBDS, AACE, DTS), Diabetes Care 2024",
    difficulty: "easy",
  },
  {
    id: "diabetic-ketoacidosis-04",
    topic: "Endocrinology and Diabetes",
    condition: "Diabetic ketoacidosis",
    tags: [
      "endocrinology and diabetes",
      "diabetes",
      "dka",
      "paediatric dka",
      "pediatrics",
      "children",
      "cerebral oedema",
      "cerebral edema",
      "mannitol",
      "hypertonic saline",
      "t1dm",
    ],
    case: {
      history:
        "A 9-year-old boy in Bengaluru with newly diagnosed type 1 diabetes was admitted in severe DKA (pH 6.98, bicarbonate 4 mmol/L, glucose 560 mg/dL). He has received IV fluids and an insulin infusion at 0.1 U/kg/h for 6 hours. He now complains of a severe headache, has vomited once, and has become irritable and then drowsy.",
      examination:
        "Weight 28 kg. GCS 10 (was 15). Pulse 58/min (was 120/min), BP 138/88 mmHg (was 100/64 mmHg), irregular breathing at 22/min. Pupils equal and reactive. No neck stiffness.",
      results:
        "Capillary glucose 248 mg/dL. Na 134 mmol/L (136 mmol/L on arrival), K 4.1 mmol/L, venous pH 7.14.",
    },
    question: "What is the most appropriate immediate next step?",
    options: [
      "IV mannitol 0.5–1 g/kg over 10–15 minutes (or 3% hypertonic saline), with the head end raised and IV fluids reduced",
      "Urgent CT head before any further treatment",
      "Increase the IV fluid rate to correct the persisting acidosis",
      "IV sodium bicarbonate to correct the pH",
    ],
    correctIndex: 0,
    explanations: [
      "Correct. Headache, falling GCS, bradycardia and rising BP hours into DKA treatment in a child mean cerebral oedema; give hyperosmolar therapy at once (mannitol 0.5–1 g/kg or 3% saline 2.5–5 mL/kg over 10–15 minutes), raise the head end, cut fluids, and involve intensive care.",
      "Cerebral oedema in DKA is a clinical diagnosis; treatment must not wait for imaging. CT is done after stabilisation to exclude other causes such as thrombosis or haemorrhage.",
      "More fluid is the opposite of what is needed; fluid administration should be reduced while there is raised intracranial pressure.",
      "Bicarbonate does not treat cerebral oedema and has itself been associated with cerebral oedema in children with DKA.",
    ],
    takeaway:
      "Child in DKA with headache, falling GCS, bradycardia and hypertension = cerebral oedema: mannitol or hypertonic saline now, imaging later.",
    reference:
      "ISPAD Clinical Practice Consensus Guidelines 2022: Diabetic ketoacidosis and hyperglycemic hyperosmolar state",
    difficulty: "medium",
  },
  {
    id: "diabetic-ketoacidosis-05",
    topic: "Endocrinology and Diabetes",
    condition: "Diabetic ketoacidosis",
    tags: [
      "endocrinology and diabetes",
      "diabetes",
      "dka",
      "euglycaemic dka",
      "euglycemic dka",
      "sglt2 inhibitor",
      "empagliflozin",
      "t2dm",
      "perioperative",
      "dextrose",
    ],
    case: {
      history:
        "A 54-year-old woman in Hyderabad with type 2 diabetes on metformin and empagliflozin had a laparoscopic cholecystectomy 2 days ago. She fasted for the operation, eating little since, and empagliflozin was continued throughout. She now has nausea, vomiting, malaise and breathlessness.",
      examination:
        "Alert. Pulse 112/min, BP 110/70 mmHg, RR 28/min with deep breathing, temperature 37.2 °C, SpO2 98% on room air. Mildly dry. Port sites clean; abdomen soft.",
      results:
        "Capillary glucose 186 mg/dL. Venous pH 7.16, bicarbonate 10 mmol/L, anion gap 23. Blood beta-hydroxybutyrate 5.4 mmol/L. Lactate 1.4 mmol/L. K 4.5 mmol/L, creatinine 0.9 mg/dL. Serum lipase normal.",
    },
    question: "Which is the most appropriate management?",
    options: [
      "Reassure her: a glucose below 250 mg/dL excludes DKA, so treat postoperative nausea",
      "Stop empagliflozin; give IV crystalloid and a fixed-rate IV insulin infusion with a dextrose-containing fluid from the start",
      "Stop empagliflozin and give IV fluids alone, since insulin is not needed at this glucose level",
      "Give IV sodium bicarbonate and continue empagliflozin",
    ],
    correctIndex: 1,
    explanations: [
      "SGLT2 inhibitors lower glucose through glycosuria, so ketoacidosis can occur with near-normal glucose; the raised ketones and high anion gap acidosis establish DKA.",
      "Correct. This is euglycaemic DKA precipitated by an SGLT2 inhibitor plus fasting and surgery. Insulin is needed to switch off ketogenesis, and dextrose must run alongside it from the outset to prevent hypoglycaemia; the drug is stopped and not restarted during the admission.",
      "Fluids alone will not suppress ketone production; without insulin the ketoacidosis persists.",
      "Bicarbonate is not indicated at pH 7.16, and continuing the SGLT2 inhibitor keeps driving ketosis.",
    ],
    takeaway:
      "SGLT2 inhibitor + fasting or surgery + ketoacidosis with modest glucose = euglycaemic DKA: insulin with dextrose, and stop the drug.",
    reference:
      "Hyperglycemic Crises in Adults With Diabetes: A Consensus Report (ADA, EASD, JBDS, AACE, DTS), Diabetes Care 2024",
    difficulty: "medium",
  },
];

export default scenarios;
