import type { BankScenario } from "../types";

const scenarios: BankScenario[] = [
  {
    id: "sepsis-01",
    topic: "Infectious Diseases",
    condition: "Sepsis and septic shock",
    tags: [
      "infectious diseases",
      "sepsis",
      "septic shock",
      "sepsis bundle",
      "hour-1 bundle",
      "blood cultures",
      "antibiotics",
      "fluid resuscitation",
      "urosepsis",
      "pyelonephritis",
      "uti",
      "lactate",
    ],
    case: {
      history:
        "A 60-year-old woman in Hyderabad with type 2 diabetes has had 3 days of fever with chills, burning micturition and right flank pain. Today her family noticed she was drowsy and brought her to the emergency department.",
      examination:
        "Confused (GCS 14). Temperature 39.4 °C, pulse 122/min, BP 82/50 mmHg (MAP 61), RR 26/min, SpO2 95% on room air. Cold peripheries, capillary refill 4 seconds. Right renal angle tenderness. Weight 60 kg.",
      results:
        "Venous lactate 4.8 mmol/L. WBC 19,600/µL. Creatinine 2.0 mg/dL. Glucose 286 mg/dL. Urine dipstick: leucocytes 3+, nitrite positive. No cultures have been sent yet.",
    },
    question: "What should be done within the first hour?",
    options: [
      "Send a urine culture and wait for the sensitivity report before starting antibiotics",
      "Take blood cultures, then give IV broad-spectrum antibiotics and start a 30 mL/kg IV crystalloid bolus",
      "Start noradrenaline alone and restrict IV fluids to avoid pulmonary oedema",
      "Give IV hydrocortisone 200 mg and arrange a CT abdomen before antibiotics",
    ],
    correctIndex: 1,
    explanations: [
      "In septic shock each hour of delay in effective antibiotics increases mortality; cultures should be taken first but must not hold up treatment.",
      "Correct. This is septic shock from pyelonephritis (hypotension, lactate 4.8 mmol/L). The first hour: blood (and urine) cultures, IV broad-spectrum antibiotics, lactate, and crystalloid (30 mL/kg over the first 3 hours, reassessing response), with vasopressors if hypotension persists.",
      "Noradrenaline is often needed, but she is clearly fluid depleted; withholding initial fluid resuscitation worsens hypoperfusion.",
      "Steroids are considered only for shock needing ongoing vasopressors, and imaging for source control must not delay antibiotics.",
    ],
    takeaway:
      "Septic shock: cultures, IV antibiotics within 1 hour, lactate, 30 mL/kg crystalloid, and vasopressors if MAP stays below 65 mmHg.",
    reference:
      "Surviving Sepsis Campaign: International Guidelines for Management of Sepsis and Septic Shock 2021",
    difficulty: "easy",
  },
  {
    id: "sepsis-02",
    topic: "Infectious Diseases",
    condition: "Sepsis and septic shock",
    tags: [
      "infectious diseases",
      "sepsis",
      "septic shock",
      "vasopressors",
      "noradrenaline",
      "norepinephrine",
      "map",
      "pneumonia",
      "cap",
    ],
    case: {
      history:
        "A 45-year-old daily-wage labourer in Patna weighing 65 kg is admitted with severe community-acquired pneumonia. He has received IV ceftriaxone and azithromycin and 2 litres (about 30 mL/kg) of Ringer's lactate over the past 2 hours.",
      examination:
        "Temperature 38.9 °C, pulse 124/min, BP 78/44 mmHg (MAP 55), RR 28/min, SpO2 93% on oxygen 4 L/min. Cool peripheries. Crackles at the right base. Bedside ultrasound: hyperdynamic left ventricle, no pericardial effusion, and B-lines now appearing in both lungs.",
      results:
        "Lactate 4.2 mmol/L (4.6 mmol/L at arrival). Arterial pH 7.26. Creatinine 1.9 mg/dL. Urine output 15 mL in the last hour.",
    },
    question: "What is the most appropriate next step?",
    options: [
      "Give a further 3 litres of crystalloid rapidly",
      "Start dopamine as the first-line vasopressor",
      "Give IV sodium bicarbonate to improve the response to vasopressors",
      "Start noradrenaline, targeting a mean arterial pressure of 65 mmHg",
    ],
    correctIndex: 3,
    explanations: [
      "He has had his initial 30 mL/kg and is developing lung B-lines; large further boluses risk pulmonary oedema without fixing vasodilatory shock. Further fluid should be guided by dynamic measures of responsiveness.",
      "Dopamine causes more arrhythmias and has no outcome advantage over noradrenaline; it is no longer a first-line choice.",
      "Bicarbonate is not recommended for hypoperfusion-induced lactic acidaemia with pH ≥7.2; it does not improve haemodynamics or vasopressor requirement.",
      "Correct. Hypotension persisting after initial fluid resuscitation is septic shock; noradrenaline is the first-line vasopressor, targeting MAP 65 mmHg. It may be started through a good peripheral line rather than waiting for central access.",
    ],
    takeaway:
      "Hypotension despite initial fluids in sepsis: start noradrenaline (peripherally if needed) for a MAP of 65 mmHg; dopamine is not first line.",
    reference:
      "Surviving Sepsis Campaign: International Guidelines for Management of Sepsis and Septic Shock 2021",
    difficulty: "easy",
  },
  {
    id: "sepsis-03",
    topic: "Infectious Diseases",
    condition: "Sepsis and septic shock",
    tags: [
      "infectious diseases",
      "sepsis",
      "sepsis-3",
      "sofa",
      "qsofa",
      "septic shock",
      "definitions",
      "organ dysfunction",
      "pneumonia",
      "elderly",
    ],
    case: {
      history:
        "A 72-year-old woman in Mysuru has had 2 days of fever, productive cough and breathlessness. Her family says she has been muddled since this morning.",
      examination:
        "Confused (GCS 14). Temperature 38.6 °C, pulse 110/min, BP 96/62 mmHg (MAP 73), RR 24/min, SpO2 90% on room air. Bronchial breathing at the left base. After 1 litre of crystalloid her BP is 108/68 mmHg without any vasopressor.",
      results:
        "Lactate 1.6 mmol/L. Creatinine 2.2 mg/dL (baseline 0.9 mg/dL). Platelets 140,000/µL. Bilirubin 0.8 mg/dL. Chest X-ray: left lower lobe consolidation.",
    },
    question: "According to the Sepsis-3 definitions, how is her condition best classified?",
    options: [
      "Sepsis",
      "Septic shock",
      "Severe sepsis",
      "Systemic inflammatory response syndrome (SIRS) without sepsis",
    ],
    correctIndex: 0,
    explanations: [
      "Correct. Sepsis-3 defines sepsis as life-threatening organ dysfunction caused by a dysregulated host response to infection, identified by an acute rise in SOFA score of 2 or more. Pneumonia with new confusion, hypoxaemia and a doubled creatinine meets this; her qSOFA is also 3 (RR ≥22, altered mentation, SBP ≤100).",
      "Septic shock needs vasopressors to keep MAP ≥65 mmHg AND a lactate above 2 mmol/L despite adequate fluids; her BP responded to fluid and her lactate is 1.6 mmol/L.",
      "'Severe sepsis' was dropped in Sepsis-3; infection with organ dysfunction is now simply sepsis.",
      "SIRS criteria are no longer used to define sepsis, and she clearly has infection with organ dysfunction.",
    ],
    takeaway:
      "Sepsis-3: sepsis = infection + organ dysfunction (SOFA rise ≥2); septic shock = vasopressors for MAP ≥65 plus lactate >2 mmol/L after fluids.",
    reference:
      "The Third International Consensus Definitions for Sepsis and Septic Shock (Sepsis-3), JAMA 2016",
    difficulty: "medium",
  },
  {
    id: "sepsis-04",
    topic: "Infectious Diseases",
    condition: "Sepsis and septic shock",
    tags: [
      "infectious diseases",
      "sepsis",
      "septic shock",
      "source control",
      "obstructive uropathy",
      "pyonephrosis",
      "urosepsis",
      "ureteric calculus",
      "nephrostomy",
      "dj stent",
      "urology",
    ],
    case: {
      history:
        "A 48-year-old man in Raipur with diabetes has had 2 days of fever with rigors and left flank pain. A week ago he had severe colicky left loin pain that settled with painkillers.",
      examination:
        "Alert. Temperature 39.2 °C, pulse 118/min, RR 24/min. Left renal angle tenderness. After blood cultures, IV piperacillin-tazobactam and 30 mL/kg crystalloid, his BP is 96/60 mmHg on noradrenaline 0.08 µg/kg/min.",
      results:
        "Lactate 3.6 mmol/L. WBC 21,000/µL. Creatinine 2.4 mg/dL. Urine: plenty of pus cells. Ultrasound and non-contrast CT KUB: moderate left hydronephrosis due to a 9 mm calculus in the upper left ureter; right kidney normal.",
    },
    question: "What is the most appropriate next step?",
    options: [
      "Continue antibiotics alone and plan ureteroscopy after 2 weeks",
      "Ureteroscopic laser lithotripsy now to clear the stone in one sitting",
      "Urgent decompression of the left kidney by percutaneous nephrostomy or a retrograde ureteric (DJ) stent",
      "Add IV amikacin and review the response after 48 hours",
    ],
    correctIndex: 2,
    explanations: [
      "An obstructed, infected kidney acts as an undrained abscess; antibiotics cannot reach it adequately and shock will persist without drainage.",
      "Definitive stone treatment during active sepsis risks worsening bacteraemia and shock; the stone is dealt with after the infection has resolved.",
      "Correct. Sepsis with an obstructed kidney is a urological emergency: source control by urgent decompression (nephrostomy or stent, whichever is available fastest), continued antibiotics and resuscitation, then definitive stone treatment later.",
      "Escalating antibiotics without draining the obstruction wastes critical hours in a patient already on vasopressors.",
    ],
    takeaway:
      "Sepsis with an obstructed infected kidney: decompress urgently (nephrostomy or stent); treat the stone later.",
    reference:
      "EAU Guidelines on Urolithiasis; Surviving Sepsis Campaign Guidelines 2021 (source control)",
    difficulty: "medium",
  },
  {
    id: "sepsis-05",
    topic: "Infectious Diseases",
    condition: "Sepsis and septic shock",
    tags: [
      "infectious diseases",
      "sepsis",
      "neutropenic sepsis",
      "febrile neutropenia",
      "oncology",
      "chemotherapy",
      "piperacillin-tazobactam",
      "cefepime",
      "immunocompromised",
    ],
    case: {
      history:
        "A 38-year-old woman in Mumbai receiving chemotherapy for breast cancer (last cycle 9 days ago) presents with fever and chills for 4 hours. She has a chemoport.",
      examination:
        "Alert. Temperature 38.6 °C, pulse 112/min, BP 104/66 mmHg, RR 20/min, SpO2 97% on room air. Port site clean. Mild oral mucositis. Chest clear, abdomen soft, no rash.",
      results:
        "Haemoglobin 10.2 g/dL, WBC 900/µL with absolute neutrophil count 300/µL, platelets 95,000/µL. Lactate 1.9 mmol/L. Creatinine 0.8 mg/dL. Chest X-ray clear, urinalysis normal. Blood cultures sent from the port and a peripheral vein.",
    },
    question: "What is the most appropriate management?",
    options: [
      "Wait for blood culture results before starting antibiotics, as there is no focus",
      "Start an IV anti-pseudomonal beta-lactam, such as piperacillin-tazobactam or cefepime, within 1 hour",
      "Start oral amoxicillin and review her in the clinic after 48 hours",
      "Give G-CSF alone and observe",
    ],
    correctIndex: 1,
    explanations: [
      "Neutropenic patients often have no localising signs because they cannot mount an inflammatory response; untreated Gram-negative bacteraemia can kill within hours.",
      "Correct. Fever with an ANC below 500/µL is febrile neutropenia, a medical emergency: after cultures, start empirical IV anti-pseudomonal beta-lactam monotherapy within 1 hour, adding other agents (e.g. vancomycin) only for specific indications.",
      "Amoxicillin alone does not cover Pseudomonas or many Gram-negative organisms, and a tachycardic patient with fever and mucositis needs hospital assessment.",
      "G-CSF is not a substitute for antibiotics and is not routinely recommended for established febrile neutropenia.",
    ],
    takeaway:
      "Fever with neutrophils <500/µL after chemotherapy: cultures and IV anti-pseudomonal beta-lactam within 1 hour, even without a focus.",
    reference:
      "IDSA Clinical Practice Guideline for the Use of Antimicrobial Agents in Neutropenic Patients with Cancer (2010 update); NICE CG151 Neutropenic sepsis",
    difficulty: "easy",
  },
];

export default scenarios;
