import type { BankScenario } from "../types";

const scenarios: BankScenario[] = [
  {
    id: "stroke-01",
    topic: "Neurology",
    condition: "Acute stroke",
    tags: [
      "neurology",
      "stroke",
      "acute stroke",
      "ischaemic stroke",
      "ischemic stroke",
      "cva",
      "thrombolysis",
      "alteplase",
      "tenecteplase",
      "thrombolysis window",
      "rtpa",
    ],
    case: {
      history:
        "A 64-year-old retired teacher in Thiruvananthapuram was watching television with his wife when, at 8:10 pm, his speech suddenly became garbled and his right arm and leg went weak. He reaches a stroke-ready hospital at 9:10 pm. He has hypertension treated with amlodipine. No anticoagulant use, no recent surgery, bleeding or head injury.",
      examination:
        "Pulse 88/min regular, BP 172/96 mmHg, SpO2 97% on room air, temperature 37.0 °C. Expressive aphasia, right lower facial weakness, right arm power 1/5, right leg 3/5. NIHSS 12.",
      results:
        "Capillary glucose 126 mg/dL. Non-contrast CT head at 9:30 pm: no haemorrhage, no established infarct. Platelets 230,000/µL, INR 1.0.",
    },
    question: "What is the most appropriate next step?",
    options: [
      "IV thrombolysis: alteplase 0.9 mg/kg (10% as a bolus, the rest over 60 minutes) or tenecteplase",
      "Aspirin 300 mg now and admission to the stroke unit",
      "Lower the BP to below 140/90 mmHg before any further treatment",
      "MRI brain with diffusion-weighted imaging to confirm the infarct before treating",
    ],
    correctIndex: 0,
    explanations: [
      "Correct. A disabling ischaemic stroke within 4.5 hours of onset, with haemorrhage excluded on CT, normal glucose, BP below 185/110 and no contraindications, should be thrombolysed as fast as possible (alteplase maximum 90 mg; tenecteplase 0.25 mg/kg is an accepted alternative). CT angiography to look for a large-vessel occlusion for thrombectomy should not delay the drug.",
      "Aspirin is given 24 hours after thrombolysis (once a repeat scan excludes haemorrhage) or straight away only in patients who are not being thrombolysed; here it would forfeit reperfusion.",
      "Before thrombolysis, BP needs to be below 185/110 mmHg, which it already is; aggressive lowering can reduce perfusion of the penumbra.",
      "A non-contrast CT excluding haemorrhage is sufficient; waiting for MRI wastes brain ('time is brain').",
    ],
    takeaway:
      "Ischaemic stroke within 4.5 hours, CT clear of blood, BP <185/110: thrombolyse at once; aspirin waits 24 hours.",
    reference:
      "2019 AHA/ASA Guidelines for the Early Management of Patients With Acute Ischemic Stroke",
    difficulty: "easy",
  },
  {
    id: "stroke-02",
    topic: "Neurology",
    condition: "Acute stroke",
    tags: [
      "neurology",
      "stroke",
      "ischaemic stroke",
      "cva",
      "thrombolysis",
      "blood pressure",
      "hypertension",
      "htn",
      "labetalol",
      "thrombolysis window",
    ],
    case: {
      history:
        "A 58-year-old woman in Ahmedabad with diabetes and hypertension developed sudden left-sided weakness and slurred speech at 10:00 am at work. Her colleagues brought her to the emergency department at 10:45 am. She takes no anticoagulants and has no history of bleeding or recent surgery.",
      examination:
        "GCS 15. Pulse 92/min regular, BP 204/112 mmHg (206/114 mmHg on repeat), SpO2 98% on room air. Left hemiparesis, left facial droop and dysarthria; NIHSS 9.",
      results:
        "Capillary glucose 168 mg/dL. Non-contrast CT head: no haemorrhage, no early ischaemic change. INR 1.0, platelets 250,000/µL.",
    },
    question: "What is the most appropriate next step?",
    options: [
      "Thrombolysis is contraindicated by the BP; give aspirin 300 mg",
      "Give alteplase immediately without treating the BP",
      "Lower the BP with IV labetalol (or nicardipine) to below 185/110 mmHg, then thrombolyse and keep it below 180/105 mmHg for 24 hours",
      "Lower the BP to below 120/80 mmHg with sublingual nifedipine and then decide",
    ],
    correctIndex: 2,
    explanations: [
      "High BP is a contraindication only if it cannot be brought below 185/110 mmHg; she should not lose the chance of reperfusion because of a treatable number.",
      "Thrombolysing with BP above 185/110 mmHg raises the risk of symptomatic intracerebral haemorrhage.",
      "Correct. She is within the window and otherwise eligible: bring the BP below 185/110 mmHg with titratable IV agents, then give thrombolysis and keep the BP below 180/105 mmHg for the next 24 hours.",
      "Sublingual nifedipine causes abrupt, unpredictable falls in BP that can extend the infarct; the target is below 185/110, not normal BP.",
    ],
    takeaway:
      "Before stroke thrombolysis, BP must be below 185/110 mmHg (IV labetalol or nicardipine), then kept below 180/105 for 24 hours.",
    reference:
      "2019 AHA/ASA Guidelines for the Early Management of Patients With Acute Ischemic Stroke",
    difficulty: "medium",
  },
  {
    id: "stroke-03",
    topic: "Neurology",
    condition: "Acute stroke",
    tags: [
      "neurology",
      "stroke",
      "haemorrhagic stroke",
      "hemorrhagic stroke",
      "intracerebral haemorrhage",
      "ich",
      "cva",
      "ct head",
      "neuroimaging",
      "hypertension",
    ],
    case: {
      history:
        "A 55-year-old shopkeeper in Jabalpur with untreated hypertension developed a sudden severe headache and vomiting, followed by weakness of his left arm and leg, while straining in the toilet 1 hour ago.",
      examination:
        "GCS 13 (E3 V4 M6). Pulse 64/min, BP 210/120 mmHg, SpO2 96% on room air. Left hemiplegia with eyes deviated to the right. No neck stiffness.",
      results: "Capillary glucose 132 mg/dL. ECG: sinus rhythm. No other results yet.",
    },
    question: "Which investigation should be done first to guide treatment?",
    options: [
      "Lumbar puncture",
      "Carotid Doppler ultrasound",
      "MRI brain with gadolinium contrast",
      "Non-contrast CT of the head",
    ],
    correctIndex: 3,
    explanations: [
      "An LP has no role in acute focal stroke and is dangerous if there is a space-occupying haematoma.",
      "Carotid Doppler is part of the later work-up of an ischaemic stroke or TIA; it cannot distinguish haemorrhage from infarction.",
      "MRI is sensitive but slower, less available in emergencies and harder in a vomiting, drowsy patient; contrast is not needed to detect acute blood.",
      "Correct. Headache, vomiting, reduced consciousness and very high BP suggest haemorrhage, but no clinical feature reliably separates haemorrhage from infarction. An immediate non-contrast CT detects acute blood and decides between thrombolysis and haemorrhage management (BP lowering, reversing anticoagulation, neurosurgical review).",
    ],
    takeaway:
      "Every acute stroke needs urgent brain imaging, usually non-contrast CT, because haemorrhage and infarction cannot be separated clinically.",
    reference:
      "2022 AHA/ASA Guideline for the Management of Patients With Spontaneous Intracerebral Hemorrhage; Harrison's Principles of Internal Medicine, 21st ed.",
    difficulty: "easy",
  },
  {
    id: "stroke-04",
    topic: "Neurology",
    condition: "Acute stroke",
    tags: [
      "neurology",
      "stroke",
      "tia",
      "transient ischaemic attack",
      "transient ischemic attack",
      "carotid stenosis",
      "carotid endarterectomy",
      "cea",
      "secondary prevention",
      "cva",
    ],
    case: {
      history:
        "A 68-year-old retired army officer in Chandigarh with hypertension and diabetes, who smokes, had an episode 2 days ago in which his right hand became weak and clumsy and his speech was slurred for 25 minutes, then recovered completely. He had a similar 10-minute episode a week ago.",
      examination:
        "Neurologically normal now. Pulse 78/min regular, BP 150/90 mmHg. Bruit over the left carotid artery.",
      results:
        "ECG: sinus rhythm. MRI brain with diffusion imaging: no infarct. Carotid Doppler: 80% stenosis of the left internal carotid artery, 30% on the right. LDL cholesterol 142 mg/dL. HbA1c 8.1%.",
    },
    question: "What is the most appropriate management?",
    options: [
      "Warfarin with a target INR of 2–3",
      "Antiplatelet therapy, a high-intensity statin and BP control, with left carotid endarterectomy within 2 weeks",
      "Antiplatelet therapy and a repeat carotid Doppler in 6 months",
      "Right carotid endarterectomy",
    ],
    correctIndex: 1,
    explanations: [
      "Anticoagulation is for cardioembolic sources such as atrial fibrillation; for large-artery atherosclerosis antiplatelet therapy is used.",
      "Correct. Recurrent left-hemisphere TIAs (right hand weakness, dysarthria) with 80% stenosis of the symptomatic left ICA: start antiplatelet and high-intensity statin therapy, control BP and diabetes, stop smoking, and refer for carotid endarterectomy, ideally within 2 weeks, when the benefit is greatest.",
      "Symptomatic 70–99% stenosis carries a high early risk of stroke; waiting 6 months throws away the benefit of surgery.",
      "The right carotid stenosis is mild and asymptomatic; his symptoms arise from the left hemisphere, supplied by the left carotid.",
    ],
    takeaway:
      "TIA with symptomatic 70–99% carotid stenosis: best medical therapy plus carotid endarterectomy within 2 weeks.",
    reference:
      "NICE NG128 Stroke and transient ischaemic attack in over 16s: diagnosis and initial management (2019)",
    difficulty: "medium",
  },
  {
    id: "stroke-05",
    topic: "Neurology",
    condition: "Acute stroke",
    tags: [
      "neurology",
      "stroke",
      "ischaemic stroke",
      "large vessel occlusion",
      "lvo",
      "mechanical thrombectomy",
      "wake-up stroke",
      "ct perfusion",
      "atrial fibrillation",
      "af",
      "cva",
    ],
    case: {
      history:
        "A 70-year-old woman in Chennai was last seen well by her daughter at 10 pm. At 6 am she was found unable to move her right side or speak. She reaches a comprehensive stroke centre at 7:30 am, 9.5 hours after she was last known well. She was fully independent before. She has atrial fibrillation and is not on anticoagulation.",
      examination:
        "Pulse 96/min irregularly irregular, BP 164/90 mmHg. Global aphasia, right hemiplegia, eyes deviated to the left. NIHSS 18.",
      results:
        "Non-contrast CT: no haemorrhage, minimal early ischaemic change (ASPECTS 9). CT angiography: occlusion of the M1 segment of the left middle cerebral artery. CT perfusion: small ischaemic core (12 mL) with a large surrounding area of salvageable penumbra. Glucose 118 mg/dL.",
    },
    question: "What is the most appropriate treatment?",
    options: [
      "No reperfusion therapy, because she is outside the 4.5-hour window",
      "Start full-dose IV heparin for the atrial fibrillation",
      "Mechanical thrombectomy",
      "Decompressive hemicraniectomy",
    ],
    correctIndex: 2,
    explanations: [
      "The 4.5-hour limit applies to standard IV thrombolysis; selected patients with a large-vessel occlusion and salvageable tissue benefit from thrombectomy up to 24 hours after last known well.",
      "Immediate full-dose anticoagulation in an acute large infarct increases the risk of haemorrhagic transformation without reducing early recurrence; anticoagulation for AF is started days later.",
      "Correct. An anterior-circulation large-vessel occlusion 6–24 hours from last known well, with a small core and a large mismatch on perfusion imaging, meets the DAWN/DEFUSE 3 criteria: thrombectomy greatly improves the chance of independence.",
      "Hemicraniectomy treats malignant MCA oedema that has already developed; the aim now is to reperfuse and prevent that infarct.",
    ],
    takeaway:
      "Large-vessel occlusion with salvageable tissue on perfusion imaging: thrombectomy up to 24 hours after last known well.",
    reference:
      "2019 AHA/ASA Guidelines for the Early Management of Patients With Acute Ischemic Stroke",
    difficulty: "hard",
  },
];

export default scenarios;
