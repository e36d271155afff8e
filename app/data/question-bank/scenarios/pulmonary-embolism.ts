import type { BankScenario } from "../types";

const scenarios: BankScenario[] = [
  {
    id: "pulmonary-embolism-01",
    topic: "Respiratory Medicine",
    condition: "Pulmonary embolism",
    tags: [
      "respiratory medicine",
      "pe",
      "pulmonary embolism",
      "dvt",
      "deep vein thrombosis",
      "vte",
      "wells",
      "wells score",
      "ctpa",
      "postoperative",
    ],
    case: {
      history:
        "A 45-year-old woman in Indore had an abdominal hysterectomy 5 days ago. Today she suddenly became breathless with right-sided pleuritic chest pain. Her left calf has been swollen and painful since yesterday.",
      examination:
        "Pulse 112/min, BP 124/78 mmHg, RR 26/min, SpO2 91% on room air, temperature 37.6 °C. Left calf swollen (4 cm larger than the right) and tender along the deep veins. Chest clear. Heart sounds normal.",
      results:
        "ECG: sinus tachycardia. Chest X-ray: normal. Creatinine 0.8 mg/dL. No contrast allergy.",
    },
    question: "What is the most appropriate next investigation?",
    options: [
      "D-dimer, proceeding to imaging only if it is raised",
      "Echocardiography to look for right ventricular strain",
      "A ventilation–perfusion scan after 48 hours of observation",
      "CT pulmonary angiography",
    ],
    correctIndex: 3,
    explanations: [
      "With a high clinical probability a normal D-dimer cannot safely exclude PE, and D-dimer is almost always raised after surgery anyway; it would only delay imaging.",
      "Echo helps in the unstable patient who cannot go to CT; in a stable patient it cannot confirm or exclude PE.",
      "V/Q scanning is an alternative when CTPA is unsuitable (renal failure, contrast allergy, some pregnant patients), but there is no reason to delay the diagnosis by 48 hours.",
      "Correct. Her two-level Wells score is 9 (clinical signs of DVT 3, PE the most likely diagnosis 3, heart rate >100 1.5, surgery within 4 weeks 1.5), so PE is 'likely': go straight to CTPA, and start anticoagulation while waiting unless the bleeding risk forbids it.",
    ],
    takeaway:
      "Wells score >4 (PE likely): go straight to CTPA; keep D-dimer for patients in whom PE is unlikely.",
    reference:
      "2019 ESC Guidelines for the diagnosis and management of acute pulmonary embolism; NICE NG158 Venous thromboembolic diseases (2020)",
    difficulty: "easy",
  },
  {
    id: "pulmonary-embolism-02",
    topic: "Respiratory Medicine",
    condition: "Pulmonary embolism",
    tags: [
      "respiratory medicine",
      "pe",
      "pulmonary embolism",
      "wells",
      "wells score",
      "perc",
      "d-dimer",
      "pleuritic chest pain",
      "oral contraceptive pill",
      "ocp",
    ],
    case: {
      history:
        "A 32-year-old schoolteacher in Pune has had left-sided chest pain for 2 days, worse on deep breathing and on twisting. She started lifting weights at a gym last week. She takes a combined oral contraceptive pill. No haemoptysis, leg swelling, recent surgery, long travel or previous clots.",
      examination:
        "Pulse 88/min, BP 118/74 mmHg, RR 16/min, SpO2 98% on room air, temperature 36.9 °C. Pressing over the left fourth and fifth costal cartilages reproduces the pain exactly. Chest clear. Calves normal.",
      results: "ECG: normal. Chest X-ray: normal.",
    },
    question:
      "Her doctor thinks a musculoskeletal cause is most likely but wants to exclude PE. What is the most appropriate next step?",
    options: [
      "CT pulmonary angiography",
      "D-dimer; if it is normal, PE is excluded",
      "No testing, because she is PERC negative",
      "Start a DOAC empirically for 3 months",
    ],
    correctIndex: 1,
    explanations: [
      "With a low clinical probability, CTPA as the first test exposes her to radiation and contrast and finds incidental, often insignificant, abnormalities; a D-dimer should come first.",
      "Correct. Her Wells score is 0 (an alternative diagnosis is more likely, and no other criterion applies), so PE is 'unlikely'. A normal D-dimer then safely excludes PE; only a raised D-dimer leads to CTPA.",
      "She is not PERC negative: oestrogen use is one of the eight PERC criteria, so PE cannot be ruled out without testing.",
      "Anticoagulation without a diagnosis exposes her to bleeding risk for a condition she probably does not have.",
    ],
    takeaway:
      "PE unlikely (Wells ≤4) and not PERC negative: D-dimer first; a normal result excludes PE.",
    reference:
      "2019 ESC Guidelines for the diagnosis and management of acute pulmonary embolism; NICE NG158 Venous thromboembolic diseases (2020)",
    difficulty: "medium",
  },
  {
    id: "pulmonary-embolism-03",
    topic: "Respiratory Medicine",
    condition: "Pulmonary embolism",
    tags: [
      "respiratory medicine",
      "pe",
      "pulmonary embolism",
      "massive pe",
      "high-risk pe",
      "obstructive shock",
      "thrombolysis",
      "alteplase",
      "dvt",
      "right ventricular dysfunction",
    ],
    case: {
      history:
        "A 55-year-old long-distance truck driver from Nashik has had right calf pain for 3 days since a 30-hour drive. This morning he collapsed at home with sudden severe breathlessness. He has no history of bleeding, stroke, recent surgery or trauma.",
      examination:
        "Pale, sweaty, confused. Pulse 128/min, BP 78/50 mmHg persisting after 500 mL of fluid, RR 34/min, SpO2 84% on 15 L/min oxygen. JVP raised, loud P2. Right calf swollen and tender.",
      results:
        "Bedside echo: dilated, hypokinetic right ventricle with a flattened septum; LV small and vigorous; no pericardial effusion. Compression ultrasound: non-compressible right popliteal vein. Troponin raised. He is judged too unstable to move to the CT scanner.",
    },
    question: "What is the most appropriate next step?",
    options: [
      "Systemic thrombolysis (e.g. alteplase 100 mg over 2 hours) with unfractionated heparin",
      "Subcutaneous enoxaparin and admission to the ward",
      "Insertion of an inferior vena cava filter",
      "Start oral rivaroxaban",
    ],
    correctIndex: 0,
    explanations: [
      "Correct. Shock with RV dysfunction on echo and a proven DVT is high-risk (massive) PE; when CTPA is not immediately feasible, echo findings justify reperfusion. Give systemic thrombolysis with UFH; surgical embolectomy or catheter-directed treatment are options if lysis is contraindicated or fails.",
      "Anticoagulation alone prevents clot extension but does not relieve the RV obstruction fast enough to reverse shock.",
      "An IVC filter is for patients who cannot be anticoagulated; it does nothing for the clot already in the pulmonary arteries.",
      "Oral anticoagulants are for stable patients; they act too slowly, and he may need thrombolysis or procedures.",
    ],
    takeaway:
      "PE with shock (high-risk PE): systemic thrombolysis plus UFH; echo showing RV dysfunction is enough to act if CT cannot be done.",
    reference: "2019 ESC Guidelines for the diagnosis and management of acute pulmonary embolism",
    difficulty: "medium",
  },
  {
    id: "pulmonary-embolism-04",
    topic: "Respiratory Medicine",
    condition: "Pulmonary embolism",
    tags: [
      "respiratory medicine",
      "pe",
      "pulmonary embolism",
      "vte",
      "pregnancy",
      "obstetrics",
      "lmwh",
      "enoxaparin",
      "anticoagulation",
      "warfarin",
    ],
    case: {
      history:
        "A 29-year-old woman at 32 weeks of gestation in her first pregnancy, in Lucknow, presents with 1 day of right-sided pleuritic chest pain and breathlessness. No previous medical illness.",
      examination:
        "Pulse 106/min, BP 118/72 mmHg, RR 22/min, SpO2 94% on room air. Chest clear. Calves normal. Fetal heart rate 144/min.",
      results:
        "ECG: sinus tachycardia. Chest X-ray: normal. CT pulmonary angiography: filling defects in the segmental arteries of the right lower lobe; right ventricle normal in size. Creatinine 0.6 mg/dL, platelets 210,000/µL. Weight 68 kg.",
    },
    question: "Which is the most appropriate anticoagulant treatment?",
    options: [
      "Warfarin, overlapped with heparin until the INR is 2–3",
      "Rivaroxaban for at least 3 months",
      "Weight-adjusted subcutaneous low-molecular-weight heparin (e.g. enoxaparin) for the rest of pregnancy and at least 6 weeks after delivery",
      "Aspirin 150 mg daily",
    ],
    correctIndex: 2,
    explanations: [
      "Warfarin crosses the placenta; it causes embryopathy in the first trimester and fetal bleeding later, so it is avoided in pregnancy (it may be used after delivery).",
      "DOACs cross the placenta and lack safety data in pregnancy; they are not recommended.",
      "Correct. LMWH does not cross the placenta, is effective and has a lower risk of heparin-induced thrombocytopenia and osteoporosis than UFH. Continue through pregnancy and for at least 6 weeks postpartum (at least 3 months in total), with a plan for stopping around delivery and neuraxial anaesthesia.",
      "Aspirin is not adequate treatment for an established VTE.",
    ],
    takeaway:
      "PE in pregnancy: therapeutic LMWH for the rest of pregnancy and at least 6 weeks postpartum; no warfarin, no DOACs.",
    reference:
      "RCOG Green-top Guideline No. 37b: Thromboembolic disease in pregnancy and the puerperium, acute management; 2019 ESC PE guidelines",
    difficulty: "easy",
  },
  {
    id: "pulmonary-embolism-05",
    topic: "Respiratory Medicine",
    condition: "Pulmonary embolism",
    tags: [
      "respiratory medicine",
      "pe",
      "pulmonary embolism",
      "submassive pe",
      "intermediate-risk pe",
      "spesi",
      "troponin",
      "anticoagulation",
      "cancer-associated thrombosis",
      "risk stratification",
    ],
    case: {
      history:
        "A 63-year-old woman in Jaipur, recently diagnosed with ovarian cancer and awaiting surgery, presents with 2 days of breathlessness on minimal exertion. No history of bleeding.",
      examination:
        "Alert. Pulse 104/min, BP 122/76 mmHg (stable on repeated readings), RR 24/min, SpO2 92% on room air, 96% on 2 L/min oxygen. JVP mildly raised.",
      results:
        "CTPA: emboli in both main pulmonary arteries; RV/LV diameter ratio 1.3. Echo: RV dilated and hypokinetic. hs-troponin T 68 ng/L (reference <14). Creatinine 0.9 mg/dL, platelets 260,000/µL.",
    },
    question: "What is the most appropriate management?",
    options: [
      "Full-dose systemic thrombolysis now",
      "Therapeutic anticoagulation (LMWH or UFH) with close monitoring in a high-dependency unit, and rescue reperfusion if she deteriorates",
      "Insert an IVC filter and withhold anticoagulation",
      "Discharge on a DOAC with review in clinic",
    ],
    correctIndex: 1,
    explanations: [
      "Routine thrombolysis in normotensive intermediate-high-risk PE reduces haemodynamic collapse but increases major and intracranial bleeding without improving survival; it is kept as rescue therapy.",
      "Correct. She is normotensive with RV dysfunction on imaging and a raised troponin (and cancer gives an sPESI of at least 1): intermediate-high-risk PE. Anticoagulate (LMWH, or UFH if reperfusion may be needed) and monitor closely, ready for rescue thrombolysis or catheter therapy if she becomes haemodynamically unstable.",
      "A filter is only for those with a contraindication to anticoagulation; she has none.",
      "RV dysfunction and a raised troponin exclude her from early discharge, which is reserved for low-risk PE (sPESI 0, no RV dysfunction).",
    ],
    takeaway:
      "Normotensive PE with RV strain and raised troponin (intermediate-high risk): anticoagulate and monitor closely; thrombolyse only if she decompensates.",
    reference: "2019 ESC Guidelines for the diagnosis and management of acute pulmonary embolism",
    difficulty: "hard",
  },
];

export default scenarios;
