import type { BankScenario } from "../types";

const scenarios: BankScenario[] = [
  {
    id: "pre-eclampsia-01",
    topic: "Obstetrics",
    condition: "Pre-eclampsia and eclampsia",
    tags: [
      "obstetrics",
      "obstetrics and gynaecology",
      "obg",
      "eclampsia",
      "pre-eclampsia",
      "preeclampsia",
      "pih",
      "hypertensive disorders of pregnancy",
      "seizure",
      "magnesium sulphate",
      "magnesium sulfate",
      "mgso4",
      "pritchard regimen",
    ],
    case: {
      history:
        "A 22-year-old primigravida at 36 weeks is brought to a district hospital in Gaya, Bihar, after a generalised tonic-clonic seizure at home lasting about a minute. Since the morning she had complained of headache and blurred vision. She has had no antenatal check-up since 20 weeks.",
      examination:
        "Drowsy but rousable, lying on her left side; airway clear; SpO2 95% on oxygen. BP 170/112 mmHg, pulse 104/min. Generalised oedema. Uterus 36 weeks in size, cephalic; fetal heart rate 140/min.",
      results:
        "Urine dipstick protein 3+. Capillary glucose 98 mg/dL. Haemoglobin 10.8 g/dL, platelets 140,000/µL. Other results awaited.",
    },
    question:
      "After securing the airway and turning her on her side, which drug should be given to control and prevent further seizures?",
    options: [
      "IV diazepam 10 mg, repeated as needed",
      "Magnesium sulphate, e.g. the Pritchard regimen: 4 g IV loading plus 10 g IM, then 5 g IM every 4 hours",
      "IV phenytoin 15 mg/kg",
      "IV levetiracetam 1 g",
    ],
    correctIndex: 1,
    explanations: [
      "Diazepam is less effective than magnesium sulphate at preventing recurrent eclamptic fits and causes maternal respiratory depression and neonatal sedation.",
      "Correct. Magnesium sulphate is the anticonvulsant of choice in eclampsia: it halves recurrent seizures compared with diazepam and is superior to phenytoin, lowering maternal mortality. Use the Pritchard (IM) or Zuspan (IV infusion) regimen, control severe BP, and plan delivery once she is stable.",
      "Phenytoin is inferior to magnesium sulphate in preventing recurrent eclamptic seizures.",
      "Levetiracetam is not the standard treatment for eclampsia and lacks the trial evidence behind magnesium sulphate.",
    ],
    takeaway:
      "Eclampsia: airway, left lateral position, magnesium sulphate, control of severe BP, and delivery once the mother is stable.",
    reference:
      "Williams Obstetrics; WHO recommendations for prevention and treatment of pre-eclampsia and eclampsia (2011)",
    difficulty: "easy",
  },
  {
    id: "pre-eclampsia-02",
    topic: "Obstetrics",
    condition: "Pre-eclampsia and eclampsia",
    tags: [
      "obstetrics",
      "pre-eclampsia",
      "preeclampsia",
      "eclampsia",
      "magnesium toxicity",
      "magnesium sulphate",
      "mgso4",
      "calcium gluconate",
      "patellar reflex",
      "respiratory depression",
    ],
    case: {
      history:
        "A 25-year-old woman at 35 weeks with severe pre-eclampsia has been on magnesium sulphate (Pritchard regimen) in a Jaipur hospital for 12 hours. The nurse reports that she has become very drowsy and is breathing slowly.",
      examination:
        "Drowsy. RR 9/min, SpO2 91% on room air, BP 150/100 mmHg, pulse 90/min. Patellar reflexes absent. Urine output 40 mL over the last 4 hours.",
      results:
        "Serum magnesium 6.4 mmol/L (therapeutic range about 2–4 mmol/L). Creatinine 1.6 mg/dL.",
    },
    question: "What is the most appropriate immediate management?",
    options: [
      "Continue magnesium sulphate and give a bolus of IV furosemide",
      "Halve the magnesium dose and recheck the level in 4 hours",
      "Switch to IV phenytoin for seizure prophylaxis",
      "Stop magnesium sulphate, support breathing (oxygen, bag-mask ventilation if needed), and give 10 mL of 10% calcium gluconate IV over 10 minutes",
    ],
    correctIndex: 3,
    explanations: [
      "Magnesium is excreted by the kidneys, and oliguria is why it has accumulated; continuing it risks respiratory arrest, and furosemide will not act in time.",
      "With respiratory depression and absent reflexes the infusion must stop now; halving the dose leaves her at risk of respiratory arrest.",
      "Changing to phenytoin is a later decision; the emergency is magnesium toxicity, which needs reversal and airway support.",
      "Correct. Loss of patellar reflexes (around 5 mmol/L) followed by respiratory depression (around 6–7.5 mmol/L) signals toxicity, made worse by oliguria. Stop magnesium, support ventilation and give calcium gluconate as the antidote. Before each Pritchard maintenance dose check that the patellar reflex is present, RR is above 16/min and urine output is at least 100 mL over 4 hours.",
    ],
    takeaway:
      "Magnesium toxicity (absent reflexes, slow breathing, oliguria): stop MgSO4, support breathing, give 10 mL of 10% calcium gluconate IV.",
    reference: "Williams Obstetrics; DC Dutta's Textbook of Obstetrics",
    difficulty: "easy",
  },
  {
    id: "pre-eclampsia-03",
    topic: "Obstetrics",
    condition: "Pre-eclampsia and eclampsia",
    tags: [
      "obstetrics",
      "pre-eclampsia",
      "preeclampsia",
      "pih",
      "severe hypertension",
      "hypertension in pregnancy",
      "htn",
      "labetalol",
      "nifedipine",
      "antihypertensives",
    ],
    case: {
      history:
        "A 30-year-old woman, gravida 2 para 1, at 34 weeks attends an antenatal clinic in Bhubaneswar with a headache. Her BP was normal until 28 weeks. She has no pre-existing illness.",
      examination:
        "BP 168/114 mmHg, 166/112 mmHg on repeat after 15 minutes. Pulse 90/min. Brisk reflexes, no clonus. Fundal height 32 cm; fetal heart rate 142/min.",
      results:
        "Urine protein-to-creatinine ratio 0.6 mg/mg (abnormal ≥0.3). Platelets 160,000/µL, AST 38 U/L, creatinine 0.8 mg/dL.",
    },
    question: "Which is the most appropriate drug to lower her blood pressure now?",
    options: [
      "IV labetalol 20 mg, repeated in escalating doses as needed (oral immediate-release nifedipine is an alternative)",
      "Oral enalapril 5 mg",
      "IV furosemide 40 mg",
      "Oral methyldopa 250 mg and a BP check tomorrow",
    ],
    correctIndex: 0,
    explanations: [
      "Correct. Severe hypertension in pregnancy (≥160/110 mmHg, persistent) must be treated within 30–60 minutes to prevent maternal stroke; IV labetalol, oral immediate-release nifedipine or IV hydralazine are first-line. She also needs magnesium sulphate for seizure prophylaxis and, at 34 weeks with severe features, delivery once stable.",
      "ACE inhibitors are contraindicated in pregnancy: in later pregnancy they cause fetal renal failure, oligohydramnios and skull defects.",
      "Women with pre-eclampsia are intravascularly depleted; diuretics do not control acute severe BP and are used only for pulmonary oedema.",
      "Methyldopa acts slowly and is suitable for chronic control, not for severe hypertension that needs lowering within the hour.",
    ],
    takeaway:
      "Severe hypertension in pregnancy: IV labetalol, oral immediate-release nifedipine or IV hydralazine within the hour; never ACE inhibitors.",
    reference:
      "ACOG Practice Bulletin No. 222: Gestational Hypertension and Preeclampsia (2020); NICE NG133 Hypertension in pregnancy (2019)",
    difficulty: "easy",
  },
  {
    id: "pre-eclampsia-04",
    topic: "Obstetrics",
    condition: "Pre-eclampsia and eclampsia",
    tags: [
      "obstetrics",
      "pre-eclampsia",
      "preeclampsia",
      "hellp syndrome",
      "hellp",
      "haemolysis",
      "thrombocytopenia",
      "liver enzymes",
      "aflp",
      "acute fatty liver of pregnancy",
    ],
    case: {
      history:
        "A 31-year-old woman at 33 weeks of gestation in Nagpur presents with 6 hours of epigastric and right upper abdominal pain, nausea and malaise. Her BP was 130/84 mmHg at her 28-week visit.",
      examination:
        "BP 156/102 mmHg, pulse 96/min, temperature 37.0 °C. Right upper quadrant and epigastric tenderness. Mild pedal oedema, brisk reflexes. Fetal heart rate 146/min.",
      results:
        "Haemoglobin 9.2 g/dL (11.6 g/dL two weeks ago); peripheral smear shows schistocytes. Platelets 78,000/µL. AST 240 U/L, ALT 198 U/L, LDH 820 U/L, bilirubin 1.8 mg/dL (mostly indirect). Blood glucose 96 mg/dL. INR 1.0, fibrinogen normal. Creatinine 0.9 mg/dL. Urine protein 2+.",
    },
    question: "What is the most likely diagnosis?",
    options: [
      "Acute fatty liver of pregnancy",
      "Thrombotic thrombocytopenic purpura",
      "HELLP syndrome",
      "Acute hepatitis E",
    ],
    correctIndex: 2,
    explanations: [
      "AFLP presents with vomiting, jaundice, hypoglycaemia, coagulopathy (prolonged INR, low fibrinogen) and renal impairment; her glucose, INR and fibrinogen are normal.",
      "TTP causes severe thrombocytopenia with microangiopathic haemolysis and neurological or renal involvement, but marked transaminase rises and new hypertension with proteinuria point to pre-eclampsia.",
      "Correct. Haemolysis (falling Hb, schistocytes, raised LDH and indirect bilirubin), elevated liver enzymes and low platelets with hypertension and proteinuria at 33 weeks: HELLP syndrome, a severe form of pre-eclampsia. Stabilise (magnesium sulphate, BP control), give antenatal corticosteroids if time allows, and deliver.",
      "Hepatitis E is common in India and dangerous in pregnancy, but it causes very high transaminases with jaundice, without haemolysis, hypertension or proteinuria.",
    ],
    takeaway:
      "Pregnancy + hypertension + epigastric/RUQ pain with haemolysis, raised liver enzymes and low platelets = HELLP: stabilise and deliver.",
    reference:
      "Williams Obstetrics; ACOG Practice Bulletin No. 222: Gestational Hypertension and Preeclampsia (2020)",
    difficulty: "medium",
  },
  {
    id: "pre-eclampsia-05",
    topic: "Obstetrics",
    condition: "Pre-eclampsia and eclampsia",
    tags: [
      "obstetrics",
      "pre-eclampsia",
      "preeclampsia",
      "prevention",
      "aspirin",
      "low-dose aspirin",
      "antenatal care",
      "booking visit",
      "high-risk pregnancy",
    ],
    case: {
      history:
        "A 28-year-old woman in Mysuru attends her booking visit at 11 weeks in her second pregnancy. In her first pregnancy she developed severe pre-eclampsia and was delivered at 32 weeks. She is well now and takes only folic acid.",
      examination: "BP 118/76 mmHg, BMI 24 kg/m². No oedema.",
      results:
        "Urine protein negative. Haemoglobin 11.8 g/dL, creatinine 0.7 mg/dL. Dating scan: single live intrauterine pregnancy of 11 weeks.",
    },
    question:
      "What is the most appropriate intervention to reduce her risk of pre-eclampsia recurring?",
    options: [
      "Vitamin C and vitamin E supplements until delivery",
      "Strict salt restriction throughout pregnancy",
      "Start labetalol now to prevent a rise in BP",
      "Low-dose aspirin (75–150 mg daily at bedtime), started at 12 weeks (and before 16 weeks) and continued into late pregnancy",
    ],
    correctIndex: 3,
    explanations: [
      "Large trials found that antioxidant vitamins C and E do not prevent pre-eclampsia.",
      "Salt restriction does not prevent pre-eclampsia and is not recommended for this purpose.",
      "Antihypertensives in a normotensive woman do not prevent pre-eclampsia and may impair placental perfusion.",
      "Correct. Previous pre-eclampsia is a high-risk factor; low-dose aspirin started before 16 weeks substantially reduces preterm pre-eclampsia. NICE and ACOG continue it until birth, FIGO until 36 weeks. Where dietary calcium intake is low, as in much of India, calcium supplementation is also recommended.",
    ],
    takeaway:
      "High risk of pre-eclampsia (e.g. previous pre-eclampsia): low-dose aspirin from 12 weeks, always started before 16 weeks.",
    reference:
      "NICE NG133 Hypertension in pregnancy (2019); ACOG Committee Opinion No. 743: Low-dose aspirin use during pregnancy (2018)",
    difficulty: "easy",
  },
];

export default scenarios;
