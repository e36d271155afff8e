import type { BankScenario } from "../types";

const scenarios: BankScenario[] = [
  {
    id: "upper-gi-bleed-01",
    topic: "Gastroenterology and Hepatology",
    condition: "Upper GI bleeding",
    tags: [
      "gastroenterology and hepatology",
      "gastroenterology",
      "hepatology",
      "upper gi bleed",
      "ugib",
      "variceal bleeding",
      "oesophageal varices",
      "esophageal varices",
      "cirrhosis",
      "portal hypertension",
      "terlipressin",
      "band ligation",
      "evl",
    ],
    case: {
      history:
        "A 48-year-old man in Thrissur who has drunk about 180 mL of spirits a day for 15 years has vomited fresh blood twice in the last 3 hours (about 500 mL in all) and passed a black stool. IV access is in place, crystalloid has been started and blood has been cross-matched.",
      examination:
        "Alert. Pulse 118/min, BP 92/60 mmHg, RR 20/min. Pallor, mild icterus, spider naevi and palmar erythema. Spleen palpable 3 cm below the costal margin; shifting dullness present.",
      results:
        "Haemoglobin 8.4 g/dL, platelets 78,000/µL, INR 1.6, bilirubin 3.2 mg/dL, albumin 2.6 g/dL, urea 64 mg/dL, creatinine 1.0 mg/dL. An ultrasound earlier this year showed a coarse, nodular liver and a portal vein of 15 mm.",
    },
    question: "Along with careful resuscitation, what is the most appropriate next step?",
    options: [
      "IV pantoprazole and an elective endoscopy next week",
      "Immediate balloon tamponade with a Sengstaken–Blakemore tube",
      "IV terlipressin (or octreotide) and IV ceftriaxone, then endoscopic variceal band ligation within 12 hours",
      "IV propranolol to lower portal pressure",
    ],
    correctIndex: 2,
    explanations: [
      "A PPI does not treat variceal bleeding, and a suspected variceal bleed needs endoscopy within 12 hours, not next week.",
      "Balloon tamponade is a temporary bridge for bleeding that cannot be controlled by drugs and endoscopy; it carries risks of aspiration and oesophageal rupture.",
      "Correct. Suspected variceal bleeding in cirrhosis: start a vasoactive drug (terlipressin, somatostatin or octreotide) at once, give antibiotic prophylaxis (ceftriaxone reduces infection, rebleeding and death), use restrictive transfusion (Hb target 7–8 g/dL), and perform endoscopy with band ligation within 12 hours.",
      "Non-selective beta-blockers lower BP and blunt the compensatory tachycardia in an actively bleeding, hypotensive patient; they are started for secondary prophylaxis after the acute episode.",
    ],
    takeaway:
      "Variceal bleed: vasoactive drug + antibiotic prophylaxis + restrictive transfusion, then band ligation within 12 hours.",
    reference: "Baveno VII: Renewing consensus in portal hypertension (2022)",
    difficulty: "easy",
  },
  {
    id: "upper-gi-bleed-02",
    topic: "Gastroenterology and Hepatology",
    condition: "Upper GI bleeding",
    tags: [
      "gastroenterology and hepatology",
      "gastroenterology",
      "upper gi bleed",
      "ugib",
      "peptic ulcer",
      "pud",
      "duodenal ulcer",
      "nsaid",
      "forrest classification",
      "endoscopic haemostasis",
      "ppi",
      "melaena",
    ],
    case: {
      history:
        "A 62-year-old man in Nashik with knee osteoarthritis has been taking diclofenac bought from a local pharmacy for 2 months. He has passed black, tarry stools for 2 days and felt faint on standing this morning.",
      examination:
        "Pale. Pulse 104/min, BP 108/70 mmHg lying with a 20 mmHg postural drop. Mild epigastric tenderness. Rectal examination: melaena.",
      results:
        "Haemoglobin 8.2 g/dL, urea 78 mg/dL, creatinine 1.1 mg/dL, INR 1.0, platelets 260,000/µL. After resuscitation, endoscopy at 14 hours shows a 1.5 cm posterior-wall duodenal ulcer with a non-bleeding visible vessel (Forrest IIa).",
    },
    question: "What is the most appropriate management?",
    options: [
      "Endoscopic haemostasis (clips or thermal coagulation, with or without adrenaline injection), then high-dose PPI therapy",
      "High-dose PPI alone without endoscopic therapy, as the ulcer is not actively bleeding",
      "Emergency surgical under-running of the ulcer",
      "Adrenaline injection alone, then discharge the next day on his diclofenac",
    ],
    correctIndex: 0,
    explanations: [
      "Correct. A non-bleeding visible vessel carries a high risk of rebleeding (around 40–50% untreated) and needs endoscopic therapy with a mechanical or thermal method, followed by high-dose PPI for 72 hours; then test for H. pylori and stop the NSAID.",
      "PPIs help after haemostasis, but they do not replace endoscopic treatment of high-risk stigmata such as a visible vessel.",
      "Surgery (or angiographic embolisation) is reserved for bleeding that endoscopy fails to control.",
      "Adrenaline injection alone is inferior to combination or mechanical/thermal therapy, and continuing diclofenac would invite rebleeding.",
    ],
    takeaway:
      "Peptic ulcer with active bleeding or a visible vessel (Forrest Ia–IIa): endoscopic haemostasis (not adrenaline alone) plus high-dose PPI; stop NSAIDs, test for H. pylori.",
    reference:
      "ESGE Guideline: Endoscopic diagnosis and management of nonvariceal upper gastrointestinal hemorrhage (2021 update)",
    difficulty: "medium",
  },
  {
    id: "upper-gi-bleed-03",
    topic: "Gastroenterology and Hepatology",
    condition: "Upper GI bleeding",
    tags: [
      "gastroenterology and hepatology",
      "upper gi bleed",
      "ugib",
      "blood transfusion",
      "restrictive transfusion",
      "transfusion threshold",
      "peptic ulcer",
      "pud",
      "haemoglobin",
    ],
    case: {
      history:
        "A 40-year-old autorickshaw driver in Chennai with no history of heart disease presented with haematemesis from a bleeding duodenal ulcer, which was treated endoscopically 6 hours ago. He is on an IV PPI infusion.",
      examination:
        "Alert and comfortable. Pulse 88/min, BP 122/78 mmHg with no postural drop. No further haematemesis or melaena since endoscopy.",
      results: "Haemoglobin 7.6 g/dL (8.1 g/dL on arrival, after IV fluids). ECG normal.",
    },
    question: "Should he receive a red cell transfusion now?",
    options: [
      "Yes, transfuse to keep the haemoglobin above 10 g/dL",
      "Yes, give 2 units to speed recovery, because the haemoglobin is below 8 g/dL",
      "Yes, because all patients with upper GI bleeding should be transfused on admission",
      "No; use a restrictive strategy, transfusing if the haemoglobin falls below 7 g/dL (aiming for 7–9 g/dL)",
    ],
    correctIndex: 3,
    explanations: [
      "A liberal target of 10 g/dL increases rebleeding and mortality in upper GI bleeding compared with a restrictive strategy.",
      "A threshold of 8 g/dL applies to patients with cardiovascular disease; a stable young man without heart disease does not need transfusion at 7.6 g/dL.",
      "Transfusion is guided by haemodynamics and haemoglobin, not given routinely; unnecessary transfusion raises portal and splanchnic pressure and carries its own risks.",
      "Correct. In haemodynamically stable upper GI bleeding without cardiovascular disease, transfuse at a haemoglobin below 7 g/dL with a post-transfusion target of 7–9 g/dL; a restrictive strategy improved survival and reduced rebleeding in trials. Transfuse at once, whatever the number, if he becomes unstable.",
    ],
    takeaway:
      "Stable upper GI bleed: transfuse below Hb 7 g/dL (8 g/dL with cardiovascular disease), target 7–9 g/dL.",
    reference:
      "ESGE Guideline: Endoscopic diagnosis and management of nonvariceal upper gastrointestinal hemorrhage (2021 update)",
    difficulty: "medium",
  },
  {
    id: "upper-gi-bleed-04",
    topic: "Gastroenterology and Hepatology",
    condition: "Upper GI bleeding",
    tags: [
      "gastroenterology and hepatology",
      "upper gi bleed",
      "ugib",
      "haematemesis",
      "hematemesis",
      "mallory-weiss tear",
      "mallory weiss syndrome",
      "alcohol",
      "vomiting",
    ],
    case: {
      history:
        "A 26-year-old man in Goa drank heavily at a party last night and vomited food several times. During the last few bouts of retching he brought up about half a cup of bright red blood. No abdominal or chest pain, previous dyspepsia, NSAID use or known liver disease.",
      examination:
        "Pulse 92/min, BP 124/80 mmHg with no postural drop. No pallor, no stigmata of chronic liver disease. Chest clear, no subcutaneous emphysema. Abdomen soft and non-tender.",
      results:
        "Haemoglobin 14.2 g/dL, urea 28 mg/dL, platelets 240,000/µL, INR 1.0. Liver function tests normal.",
    },
    question: "What is the most likely diagnosis?",
    options: [
      "Bleeding oesophageal varices",
      "Mallory–Weiss tear",
      "Boerhaave syndrome",
      "Bleeding duodenal ulcer",
    ],
    correctIndex: 1,
    explanations: [
      "Varices bleed in portal hypertension; he has no stigmata of liver disease and normal liver tests and platelets, and variceal bleeding is usually large volume.",
      "Correct. Haematemesis that follows repeated forceful vomiting or retching, especially after alcohol, is typical of a longitudinal mucosal tear at the gastro-oesophageal junction. Most stop spontaneously; endoscopy confirms it and treats the few that keep bleeding.",
      "Boerhaave syndrome is a full-thickness oesophageal rupture with severe chest or epigastric pain, subcutaneous emphysema and rapid deterioration, not small-volume haematemesis in a well patient.",
      "A duodenal ulcer is possible but he has no dyspepsia or NSAID use, and the temporal link to retching points to a tear.",
    ],
    takeaway:
      "Haematemesis after bouts of retching or vomiting (often alcohol-related) = Mallory–Weiss tear, which usually settles on its own.",
    reference: "Bailey & Love's Short Practice of Surgery; Oxford Handbook of Clinical Medicine",
    difficulty: "easy",
  },
  {
    id: "upper-gi-bleed-05",
    topic: "Gastroenterology and Hepatology",
    condition: "Upper GI bleeding",
    tags: [
      "gastroenterology and hepatology",
      "upper gi bleed",
      "ugib",
      "glasgow-blatchford score",
      "blatchford score",
      "gbs",
      "risk stratification",
      "outpatient management",
      "coffee-ground vomit",
    ],
    case: {
      history:
        "A 30-year-old software professional in Bengaluru noticed a small amount of coffee-ground material in his vomit once this morning. He has had no further vomiting, no black stools and no fainting. No liver or heart disease; he takes no regular medicines.",
      examination:
        "Alert and well. Pulse 84/min, BP 128/80 mmHg, no postural drop. No pallor. Abdomen soft, non-tender. Rectal examination: brown stool, no melaena.",
      results:
        "Haemoglobin 14.5 g/dL, blood urea 22 mg/dL (3.7 mmol/L), INR 1.0, platelets normal.",
    },
    question: "What is the most appropriate management?",
    options: [
      "Admit for urgent endoscopy within 12 hours",
      "Start IV terlipressin and IV antibiotics",
      "Discharge with outpatient endoscopy arranged, as his Glasgow–Blatchford score is 0",
      "Transfuse 1 unit of packed red cells and observe overnight",
    ],
    correctIndex: 2,
    explanations: [
      "Urgent inpatient endoscopy is for higher-risk patients; with a Blatchford score of 0 the risk of needing intervention or dying is very low.",
      "Terlipressin and antibiotics are for suspected variceal bleeding in cirrhosis; nothing here suggests liver disease.",
      "Correct. Urea below 6.5 mmol/L, Hb at least 13 g/dL in a man, systolic BP at least 110 mmHg, pulse below 100/min, and no melaena, syncope, liver disease or heart failure give a Glasgow–Blatchford score of 0; such patients can be safely managed as outpatients (guidelines allow this up to a score of 1).",
      "His haemoglobin is normal and he is stable; transfusion would give only risk.",
    ],
    takeaway:
      "Glasgow–Blatchford score 0–1 identifies upper GI bleeds that can be managed without admission, with outpatient endoscopy.",
    reference:
      "ESGE Guideline: Endoscopic diagnosis and management of nonvariceal upper gastrointestinal hemorrhage (2021 update); NICE CG141 Acute upper gastrointestinal bleeding",
    difficulty: "medium",
  },
];

export default scenarios;
