import type { BankScenario } from "../types";

const scenarios: BankScenario[] = [
  {
    id: "acute-coronary-syndrome-01",
    topic: "Cardiology",
    condition: "Acute coronary syndrome",
    tags: [
      "cardiology",
      "acs",
      "acute coronary syndrome",
      "stemi",
      "mi",
      "myocardial infarction",
      "anterior mi",
      "primary pci",
      "reperfusion",
      "ecg",
    ],
    case: {
      history:
        "A 58-year-old man, a bank clerk in Pune, comes to the emergency department of a tertiary hospital with an on-site cath lab 90 minutes after the onset of severe central chest pain radiating to the left arm, with sweating and nausea. He has hypertension treated with amlodipine and smokes 10 cigarettes a day. No history of bleeding, stroke or recent surgery.",
      examination:
        "Anxious and sweaty. Pulse 96/min regular, BP 148/90 mmHg, RR 20/min, SpO2 96% on room air. Heart sounds normal, no murmur. Chest clear. No signs of heart failure (Killip class I).",
      results:
        "ECG within 10 minutes of arrival: 3 mm ST-segment elevation in V1–V4 with reciprocal ST depression in II, III and aVF. High-sensitivity troponin: sent, result awaited. Capillary glucose 142 mg/dL.",
    },
    question: "What is the most appropriate next step?",
    options: [
      "Repeat the ECG and troponin after 3 hours before deciding on reperfusion",
      "Give tenecteplase now and plan coronary angiography the next morning",
      "Give aspirin and a P2Y12 inhibitor loading dose and take him straight for primary PCI",
      "Arrange CT coronary angiography to define the coronary anatomy first",
    ],
    correctIndex: 2,
    explanations: [
      "STEMI is diagnosed on the ECG in the right clinical setting; waiting for troponin or serial ECGs only delays reperfusion while myocardium dies.",
      "Fibrinolysis is the strategy when primary PCI cannot be delivered within 120 minutes of diagnosis. With a cath lab on site, primary PCI gives lower mortality, reinfarction and stroke rates than lysis.",
      "Correct. Anterior STEMI within 12 hours of onset at a PCI-capable centre: load aspirin plus a P2Y12 inhibitor (ticagrelor, prasugrel or clopidogrel), give anticoagulation in the lab and open the artery by primary PCI as fast as possible.",
      "CT coronary angiography has no place in acute STEMI; it wastes time and cannot treat the occluded artery.",
    ],
    takeaway:
      "STEMI with a cath lab at hand: antiplatelet loading and immediate primary PCI, without waiting for troponin.",
    reference: "2023 ESC Guidelines for the management of acute coronary syndromes",
    difficulty: "easy",
  },
  {
    id: "acute-coronary-syndrome-02",
    topic: "Cardiology",
    condition: "Acute coronary syndrome",
    tags: [
      "cardiology",
      "acs",
      "stemi",
      "mi",
      "inferior mi",
      "inferior wall mi",
      "right ventricular infarction",
      "rv infarct",
      "v4r",
      "hypotension",
      "nitrates",
    ],
    case: {
      history:
        "A 62-year-old man with type 2 diabetes is brought to a district hospital in Madurai with 2 hours of heavy central chest pain and giddiness. A local clinic gave him one sublingual nitroglycerin tablet, after which he nearly fainted.",
      examination:
        "Cool peripheries. Pulse 52/min regular, BP 84/56 mmHg, RR 18/min, SpO2 97% on room air. JVP raised to the angle of the jaw and rises on inspiration (Kussmaul sign). Lungs clear on auscultation. Heart sounds normal, no murmur.",
      results:
        "ECG: ST elevation in II, III and aVF (greater in III than II) with ST depression in I and aVL; sinus bradycardia. Right-sided lead V4R: 1.5 mm ST elevation. Bedside echo: dilated, hypokinetic right ventricle, preserved LV function, no pericardial effusion.",
    },
    question:
      "While reperfusion is being arranged, what is the most appropriate immediate treatment for his hypotension?",
    options: [
      "An IV bolus of 0.9% saline with close haemodynamic monitoring",
      "IV furosemide 40 mg for the raised JVP",
      "An IV nitroglycerin infusion to relieve ischaemia",
      "IV morphine 10 mg for pain and anxiety",
    ],
    correctIndex: 0,
    explanations: [
      "Correct. An infarcted right ventricle is preload dependent; cautious volume loading raises RV output and so LV filling. If hypotension persists after fluids, an inotrope such as dobutamine is added, and bradycardia may need atropine or pacing.",
      "The raised JVP reflects RV failure, not fluid overload (the lungs are clear). A diuretic reduces preload further and deepens the shock.",
      "Nitrates venodilate and cut preload; in RV infarction they cause profound hypotension, as already happened with one sublingual tablet.",
      "Morphine also venodilates and lowers blood pressure; a large dose in a hypotensive preload-dependent patient is dangerous.",
    ],
    takeaway:
      "Inferior STEMI + hypotension + raised JVP + clear lungs = RV infarction: record V4R, give fluids, avoid nitrates, diuretics and large doses of morphine.",
    reference: "Harrison's Principles of Internal Medicine, 21st ed.",
    difficulty: "medium",
  },
  {
    id: "acute-coronary-syndrome-03",
    topic: "Cardiology",
    condition: "Acute coronary syndrome",
    tags: [
      "cardiology",
      "acs",
      "stemi",
      "mi",
      "thrombolysis",
      "fibrinolysis",
      "tenecteplase",
      "streptokinase",
      "pharmaco-invasive",
      "rural",
      "reperfusion",
    ],
    case: {
      history:
        "A 50-year-old farmer from a village near Barmer, Rajasthan, reaches a community health centre 3 hours after the onset of crushing chest pain with sweating. The nearest hospital with a cath lab is about 5 hours away by road. He has never had a stroke, bleeding problem, recent surgery or head injury and takes no medicines.",
      examination:
        "Pulse 104/min, BP 136/84 mmHg, RR 22/min, SpO2 95% on room air. Fine crackles at both lung bases. No murmur.",
      results:
        "ECG: 4 mm ST elevation in V2–V5, I and aVL. Point-of-care troponin: positive. Random blood glucose 168 mg/dL.",
    },
    question: "What is the best reperfusion strategy for him?",
    options: [
      "Transfer him for primary PCI, giving aspirin and heparin during the journey",
      "Give aspirin, clopidogrel and heparin only, and observe him at the CHC",
      "Repeat the ECG in 30 minutes to confirm that the changes are evolving",
      "Give a fibrinolytic now with aspirin, clopidogrel and an anticoagulant, then transfer him to the PCI centre",
    ],
    correctIndex: 3,
    explanations: [
      "The journey alone is about 5 hours, far beyond the 120-minute limit within which primary PCI beats fibrinolysis; choosing transfer means hours of untreated occlusion.",
      "Antithrombotic drugs alone do not open the artery; a STEMI within 12 hours of onset needs reperfusion.",
      "The ECG already shows a clear anterolateral STEMI; waiting adds nothing but lost myocardium.",
      "Correct. When primary PCI cannot happen within 120 minutes, give a fibrinolytic (tenecteplase, or streptokinase where that is what is stocked) within 10 minutes of diagnosis, then transfer: angiography 2–24 hours after successful lysis, or rescue PCI if ST elevation has not fallen by at least 50% at 60–90 minutes.",
    ],
    takeaway:
      "If primary PCI is more than 120 minutes away, thrombolyse promptly (no contraindications) and then transfer: the pharmaco-invasive strategy.",
    reference: "2023 ESC Guidelines for the management of acute coronary syndromes",
    difficulty: "medium",
  },
  {
    id: "acute-coronary-syndrome-04",
    topic: "Cardiology",
    condition: "Acute coronary syndrome",
    tags: [
      "cardiology",
      "acs",
      "nstemi",
      "nste-acs",
      "mi",
      "non st elevation mi",
      "troponin",
      "early invasive",
      "anticoagulation",
      "diabetes",
    ],
    case: {
      history:
        "A 67-year-old woman with type 2 diabetes and hypertension presents to a Kolkata hospital with 6 hours of recurring central chest tightness and breathlessness, which has now settled. Her mother died of a heart attack. She takes metformin and telmisartan.",
      examination:
        "Pain-free now. Pulse 88/min regular, BP 150/86 mmHg, RR 18/min, SpO2 97% on room air. No crackles, no murmur, no signs of heart failure.",
      results:
        "ECG: 1.5 mm horizontal ST depression in V4–V6 and I; no ST elevation, including posterior leads V7–V9. hs-troponin I 68 ng/L on arrival and 412 ng/L at 3 hours (99th percentile 16 ng/L). Creatinine 1.0 mg/dL, haemoglobin 12.4 g/dL. Echo: lateral wall hypokinesia, ejection fraction 50%.",
    },
    question: "Which is the most appropriate management?",
    options: [
      "Thrombolysis with tenecteplase because the troponin is rising",
      "Aspirin, a P2Y12 inhibitor, parenteral anticoagulation (e.g. fondaparinux or enoxaparin), a high-intensity statin, and coronary angiography within 24 hours",
      "Discharge on aspirin with an outpatient treadmill test",
      "Emergency coronary angiography within 2 hours because the troponin is raised",
    ],
    correctIndex: 1,
    explanations: [
      "Fibrinolysis brings no benefit in NSTE-ACS and adds bleeding risk; the culprit is usually a non-occlusive platelet-rich thrombus.",
      "Correct. A rise in hs-troponin with ischaemic ST depression confirms NSTEMI, a high-risk feature; give antiplatelet and anticoagulant therapy and a statin, and plan an early invasive strategy (angiography within 24 hours).",
      "A rising troponin with dynamic ECG changes is an acute MI; discharge and outpatient stress testing are unsafe.",
      "An immediate (<2 hour) invasive strategy is kept for very-high-risk NSTE-ACS: haemodynamic instability or cardiogenic shock, refractory pain, life-threatening arrhythmias, mechanical complications, acute heart failure or recurrent dynamic ST changes. She is stable and pain-free.",
    ],
    takeaway:
      "NSTEMI: never thrombolyse; give antithrombotics and take high-risk patients for angiography within 24 hours (immediately only if very high risk).",
    reference: "2023 ESC Guidelines for the management of acute coronary syndromes",
    difficulty: "medium",
  },
  {
    id: "acute-coronary-syndrome-05",
    topic: "Cardiology",
    condition: "Acute coronary syndrome",
    tags: [
      "cardiology",
      "acs",
      "stemi",
      "mi",
      "complications of mi",
      "mechanical complications",
      "ventricular septal rupture",
      "vsd",
      "papillary muscle rupture",
      "cardiogenic shock",
      "murmur",
    ],
    case: {
      history:
        "A 60-year-old man was admitted to a hospital in Lucknow 4 days ago with an anterior STEMI; he arrived 20 hours after the pain began and did not receive reperfusion. He had been recovering on the ward, but this morning he suddenly became breathless and sweaty.",
      examination:
        "Cold and clammy. Pulse 118/min, BP 86/60 mmHg, RR 30/min, SpO2 89% on room air. JVP raised. A new loud, harsh pansystolic murmur at the left lower sternal border with a palpable thrill. Bibasal crackles.",
      results:
        "ECG: Q waves and persistent ST elevation in V1–V4. Chest X-ray: pulmonary congestion. Blood sampled through a pulmonary artery catheter: oxygen saturation 60% in the right atrium and 79% in the pulmonary artery. Echocardiography is being set up.",
    },
    question: "What is the most likely diagnosis?",
    options: [
      "Acute mitral regurgitation from papillary muscle rupture",
      "Left ventricular free wall rupture with tamponade",
      "Ventricular septal rupture",
      "Dressler syndrome",
    ],
    correctIndex: 2,
    explanations: [
      "Papillary muscle rupture (usually the posteromedial muscle after an inferior MI) gives acute pulmonary oedema with an apical murmur radiating to the axilla, often soft; it does not cause an oxygen step-up in the right heart.",
      "Free wall rupture presents with sudden tamponade or pulseless electrical activity, raised JVP and muffled heart sounds, not a new loud murmur with a thrill.",
      "Correct. Days 3–5 after an unreperfused anterior MI, a new harsh pansystolic murmur at the left lower sternal border with a thrill and shock suggests septal rupture; the oxygen step-up from RA to PA proves a left-to-right shunt. Echo confirms it, and treatment is mechanical support as a bridge to surgical (or sometimes transcatheter) closure.",
      "Dressler syndrome is an immune pericarditis weeks after MI, with fever, pleuritic pain and a rub; it does not cause shock with a new thrill.",
    ],
    takeaway:
      "Shock with a new harsh left-sternal-edge murmur and thrill days after MI, with an RA-to-PA oxygen step-up = ventricular septal rupture.",
    reference: "Harrison's Principles of Internal Medicine, 21st ed.",
    difficulty: "medium",
  },
];

export default scenarios;
