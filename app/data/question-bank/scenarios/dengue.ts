import type { BankScenario } from "../types";

const scenarios: BankScenario[] = [
  {
    id: "dengue-01",
    topic: "Infectious Diseases",
    condition: "Dengue",
    tags: [
      "infectious diseases",
      "dengue",
      "dengue fever",
      "dengue with warning signs",
      "warning signs",
      "critical phase",
      "plasma leakage",
      "iv fluids",
      "haematocrit",
      "hematocrit",
      "vector-borne disease",
    ],
    case: {
      history:
        "A 22-year-old engineering student in Delhi has had fever for 4 days in October. The fever settled this morning, but since then he has had abdominal pain and has vomited 5 times; he cannot keep fluids down.",
      examination:
        "Alert. Temperature 37.2 °C, pulse 108/min, BP 110/80 mmHg, capillary refill 2 seconds, warm peripheries, RR 20/min. Tender liver palpable 3 cm below the costal margin. Reduced breath sounds at the right base. No bleeding. Weight 60 kg.",
      results:
        "Dengue NS1 antigen positive on day 2. Haematocrit 46% (38% on day 2). Platelets 60,000/µL. WBC 2,800/µL. AST 180 U/L, ALT 120 U/L. Ultrasound: gall bladder wall oedema, minimal ascites and a small right pleural effusion.",
    },
    question: "What is the most appropriate management?",
    options: [
      "Admit and start IV isotonic crystalloid at 5–7 mL/kg/h for 1–2 hours, then reduce step-wise, guided by haematocrit, vital signs and urine output",
      "Transfuse platelets because the count is below 100,000/µL",
      "Discharge with oral fluids and paracetamol and review in 48 hours",
      "Start IV methylprednisolone to stop the plasma leakage",
    ],
    correctIndex: 0,
    explanations: [
      "Correct. He is entering the critical phase (defervescence) with warning signs: abdominal pain, persistent vomiting, clinical fluid accumulation, liver enlargement and a rising haematocrit with falling platelets. Admit and give the minimum IV crystalloid needed to maintain perfusion (5–7 mL/kg/h for 1–2 hours, then 3–5, then 2–3 mL/kg/h), adjusting to haematocrit, vitals and urine output.",
      "Platelet transfusion does not prevent plasma leakage or shock, and is not given prophylactically at 60,000/µL without bleeding.",
      "Warning signs predict progression to shock; with persistent vomiting he cannot maintain hydration at home.",
      "Corticosteroids have no proven benefit in dengue and are not recommended.",
    ],
    takeaway:
      "Dengue with warning signs (abdominal pain, persistent vomiting, fluid accumulation, rising haematocrit with falling platelets): admit for careful IV crystalloid.",
    reference:
      "WHO Dengue: Guidelines for diagnosis, treatment, prevention and control (2009); National Guidelines for Clinical Management of Dengue Fever (NVBDCP, 2015)",
    difficulty: "easy",
  },
  {
    id: "dengue-02",
    topic: "Infectious Diseases",
    condition: "Dengue",
    tags: [
      "infectious diseases",
      "dengue",
      "thrombocytopenia",
      "platelets",
      "platelet transfusion",
      "prophylactic platelet transfusion",
      "monitoring",
    ],
    case: {
      history:
        "A 35-year-old schoolteacher in Kolkata is in hospital on day 5 of a dengue illness (NS1 positive). Her family is anxious about her falling platelet count and asks for a platelet transfusion.",
      examination:
        "Alert. Pulse 88/min, BP 118/78 mmHg, capillary refill under 2 seconds, warm peripheries. A few petechiae on the forearms; no gum, nose, gastrointestinal or vaginal bleeding. Abdomen soft and non-tender. Drinking well, passing good volumes of urine.",
      results:
        "Platelets 22,000/µL (48,000/µL yesterday). Haematocrit 40% (baseline 38%). WBC 3,100/µL. PT/INR normal.",
    },
    question: "What is the most appropriate management?",
    options: [
      "Transfuse 4 units of random-donor platelets now",
      "Transfuse single-donor apheresis platelets to keep the count above 50,000/µL",
      "No platelet transfusion; continue oral fluids and close monitoring of vital signs, haematocrit and platelet count",
      "Give IV immunoglobulin to raise the platelet count",
    ],
    correctIndex: 2,
    explanations: [
      "Prophylactic platelet transfusion in stable dengue does not prevent significant bleeding, does not raise the count for long, and risks fluid overload and transfusion reactions.",
      "There is no target platelet count to maintain in dengue; transfusion is guided by bleeding, not by a number.",
      "Correct. She is haemodynamically stable without significant bleeding; thrombocytopenia in dengue recovers on its own. Indian national guidelines reserve prophylactic platelet transfusion for counts below 10,000/µL without bleeding, or for significant bleeding. Avoid NSAIDs and IM injections and watch for warning signs.",
      "IV immunoglobulin has no proven role in dengue thrombocytopenia.",
    ],
    takeaway:
      "In stable dengue without significant bleeding, do not transfuse platelets for a number (only below 10,000/µL per Indian guidelines); monitor instead.",
    reference:
      "National Guidelines for Clinical Management of Dengue Fever (NVBDCP, 2015); WHO Dengue guidelines (2009)",
    difficulty: "easy",
  },
  {
    id: "dengue-03",
    topic: "Infectious Diseases",
    condition: "Dengue",
    tags: [
      "infectious diseases",
      "dengue",
      "severe dengue",
      "dengue shock syndrome",
      "dss",
      "hypotensive shock",
      "fluid resuscitation",
      "crystalloid",
      "adolescent",
    ],
    case: {
      history:
        "A 16-year-old boy in Chennai is on day 5 of a febrile illness. His fever subsided yesterday, but since this afternoon he has had abdominal pain and has become lethargic, with cold hands and feet. Weight 50 kg.",
      examination:
        "Lethargic. Cold, clammy extremities, capillary refill 4 seconds. Pulse 136/min and weak, BP 76/60 mmHg, RR 28/min. Tender hepatomegaly and ascites. No overt bleeding.",
      results:
        "Dengue NS1 positive. Haematocrit 52% (40% on day 2). Platelets 28,000/µL. Lactate 4.5 mmol/L. Blood glucose 104 mg/dL.",
    },
    question: "What is the most appropriate immediate management?",
    options: [
      "Transfuse platelets to above 50,000/µL before giving fluids",
      "IV isotonic crystalloid (or colloid) bolus of 20 mL/kg over 15–30 minutes, then reassess and step down the rate guided by haematocrit and vital signs",
      "Start dopamine and restrict IV fluids to avoid pulmonary oedema",
      "Give IV furosemide to reduce the ascites",
    ],
    correctIndex: 1,
    explanations: [
      "The shock is due to plasma leakage, not bleeding from thrombocytopenia; platelets do nothing to restore circulating volume.",
      "Correct. Hypotensive dengue shock (a rising haematocrit shows haemoconcentration from leakage) needs a rapid 20 mL/kg bolus of crystalloid or colloid, then repeated reassessment: if he improves, taper the fluid rate step-wise; if not, check haematocrit again, give colloid for a rising haematocrit or blood for a falling one.",
      "Vasopressors without volume replacement worsen organ perfusion in hypovolaemic shock from plasma leakage.",
      "Diuretics in a patient in shock from intravascular depletion are dangerous; ascites here is leaked plasma and resolves in the recovery phase.",
    ],
    takeaway:
      "Dengue shock with hypotension and rising haematocrit: 20 mL/kg crystalloid or colloid bolus, then reassess and taper; no platelets, no diuretics.",
    reference:
      "WHO Dengue: Guidelines for diagnosis, treatment, prevention and control (2009); National Guidelines for Clinical Management of Dengue Fever (NVBDCP, 2015)",
    difficulty: "medium",
  },
  {
    id: "dengue-04",
    topic: "Infectious Diseases",
    condition: "Dengue",
    tags: [
      "infectious diseases",
      "dengue",
      "dengue fever",
      "diagnosis",
      "ns1 antigen",
      "dengue igm",
      "mac-elisa",
      "febrile phase",
      "acute febrile illness",
    ],
    case: {
      history:
        "A 28-year-old woman in Bhopal has had fever for 2 days in September, with a severe headache, pain behind the eyes and aching muscles and joints. Several neighbours have had a similar illness.",
      examination:
        "Temperature 39.2 °C, pulse 104/min, BP 116/76 mmHg. Flushed face. No rash, no bleeding, no hepatomegaly, no abdominal tenderness.",
      results:
        "Haemoglobin 12.8 g/dL, WBC 3,400/µL, platelets 160,000/µL, haematocrit 38%. Malaria rapid antigen test negative.",
    },
    question: "Which test is most appropriate to confirm dengue at this stage of the illness?",
    options: ["Dengue IgG ELISA", "Dengue IgM ELISA", "Widal test", "Dengue NS1 antigen ELISA"],
    correctIndex: 3,
    explanations: [
      "IgG appears late in primary infection and early in secondary infection; on its own it indicates past exposure and does not confirm current dengue.",
      "IgM antibodies are usually detectable only from about day 5 of illness; on day 2 a negative IgM does not exclude dengue.",
      "Widal is a test for enteric fever, with poor specificity in endemic areas; it does not diagnose dengue.",
      "Correct. NS1 antigen circulates during the first 5 days of fever, so NS1 ELISA (or RT-PCR) is the test of choice in early illness; IgM capture ELISA is used after day 5.",
    ],
    takeaway:
      "Dengue diagnosis: NS1 antigen (or RT-PCR) in the first 5 days; IgM ELISA after day 5.",
    reference:
      "National Guidelines for Clinical Management of Dengue Fever (NVBDCP, 2015); WHO Dengue guidelines (2009)",
    difficulty: "easy",
  },
  {
    id: "dengue-05",
    topic: "Infectious Diseases",
    condition: "Dengue",
    tags: [
      "infectious diseases",
      "dengue",
      "severe dengue",
      "dengue shock syndrome",
      "occult bleeding",
      "haemorrhage",
      "blood transfusion",
      "falling haematocrit",
    ],
    case: {
      history:
        "A 40-year-old man in Bengaluru, on day 6 of dengue, was admitted in shock 6 hours ago. He has received crystalloid boluses and then a colloid bolus according to the shock protocol, but remains in shock. Weight 70 kg.",
      examination:
        "Restless. Pulse 130/min, BP 84/66 mmHg (pulse pressure 18 mmHg), cold extremities, capillary refill 4 seconds. Abdomen distended and tense. No visible external bleeding.",
      results:
        "Haematocrit 34% (50% on admission; baseline 44%). Platelets 18,000/µL. Lactate 5.0 mmol/L. INR 1.4.",
    },
    question: "What is the most appropriate next step?",
    options: [
      "Another 20 mL/kg crystalloid bolus, since the haematocrit has fallen",
      "Platelet transfusion alone",
      "IV furosemide, as the falling haematocrit shows haemodilution",
      "Transfuse fresh whole blood or packed red cells for suspected internal bleeding",
    ],
    correctIndex: 3,
    explanations: [
      "More crystalloid dilutes the blood further without replacing oxygen-carrying capacity, and adds to fluid overload in a patient who is bleeding.",
      "Platelets alone do not correct haemorrhagic shock; red cells are needed to restore oxygen delivery.",
      "A falling haematocrit means haemodilution or reabsorption only when the patient is stable and improving; with persisting shock it signals bleeding, and a diuretic would be harmful.",
      "Correct. Persisting shock with a haematocrit falling well below baseline despite adequate fluid indicates significant (often concealed gastrointestinal or retroperitoneal) haemorrhage; transfuse fresh whole blood (10–20 mL/kg) or packed red cells (5–10 mL/kg) promptly.",
    ],
    takeaway:
      "Dengue shock that persists while the haematocrit falls below baseline = hidden bleeding: transfuse blood, not more crystalloid.",
    reference:
      "WHO Dengue: Guidelines for diagnosis, treatment, prevention and control (2009); National Guidelines for Clinical Management of Dengue Fever (NVBDCP, 2015)",
    difficulty: "hard",
  },
];

export default scenarios;
