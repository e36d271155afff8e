import type { BankQuestion } from "../types";

const questions: BankQuestion[] = [
  {
    id: "neurology-01",
    topic: "Neurology",
    tags: [
      "neurology",
      "stroke",
      "cva",
      "ischaemic stroke",
      "ischemic stroke",
      "thrombolysis",
      "alteplase",
      "tenecteplase",
      "thrombectomy",
    ],
    question:
      "A 65-year-old man developed weakness of the right face and arm with difficulty speaking; he was last known well 2 hours ago. Non-contrast CT shows no haemorrhage. BP 170/95 mmHg, glucose 130 mg/dL, and he takes no anticoagulants. What is the most appropriate immediate treatment?",
    options: [
      "Aspirin 300 mg and admission to the stroke unit, without reperfusion therapy",
      "IV thrombolysis (alteplase or tenecteplase), with CT angiography to look for a large-vessel occlusion for thrombectomy",
      "IV unfractionated heparin",
      "Lower his BP to below 120/80 mmHg before any other treatment",
    ],
    correctIndex: 1,
    explanations: [
      "Aspirin alone forgoes reperfusion in an eligible patient within the window; after thrombolysis, aspirin is delayed for 24 hours.",
      "Disabling ischaemic stroke within 4.5 hours of last known well, with haemorrhage excluded, no contraindications and BP below 185/110 mmHg, should be thrombolysed; vessel imaging identifies patients who also need mechanical thrombectomy.",
      "Early full anticoagulation does not improve outcome in acute ischaemic stroke and increases haemorrhagic transformation.",
      "BP needs lowering only to below 185/110 mmHg before thrombolysis; aggressive lowering can extend the infarct by reducing penumbral perfusion.",
    ],
    takeaway:
      "Acute ischaemic stroke <4.5 h, no bleed on CT, BP <185/110: thrombolyse and look for a large-vessel occlusion.",
    reference:
      "AHA/ASA Guidelines for the Early Management of Patients With Acute Ischemic Stroke, 2019 update",
    difficulty: "easy",
  },
  {
    id: "neurology-02",
    topic: "Neurology",
    tags: [
      "neurology",
      "stroke",
      "cva",
      "brainstem stroke",
      "lateral medullary syndrome",
      "wallenberg syndrome",
      "pica",
      "neuroanatomy",
    ],
    question:
      "A 60-year-old man has sudden vertigo, vomiting, hoarseness and difficulty swallowing. Examination shows a left Horner's syndrome, loss of pain and temperature over the left face and the right side of the body, and left limb ataxia. Limb power is normal. Which artery is most likely occluded?",
    options: [
      "Left middle cerebral artery",
      "Left anterior spinal artery",
      "Basilar artery",
      "Left posterior inferior cerebellar artery (or left vertebral artery)",
    ],
    correctIndex: 3,
    explanations: [
      "MCA infarcts cause contralateral face and arm weakness with cortical signs (aphasia or neglect), not crossed sensory loss, Horner's syndrome and bulbar palsy.",
      "Anterior spinal artery occlusion at the medulla causes medial medullary syndrome: contralateral hemiparesis and loss of proprioception, with ipsilateral tongue weakness.",
      "Basilar occlusion typically causes bilateral signs, reduced consciousness or locked-in syndrome.",
      "Lateral medullary (Wallenberg) syndrome: ipsilateral facial pain/temperature loss (spinal trigeminal nucleus), contralateral body pain/temperature loss (spinothalamic tract), ipsilateral Horner's, dysphagia and hoarseness (nucleus ambiguus), ataxia and vertigo, with power spared.",
    ],
    takeaway:
      "Crossed pain/temperature loss + Horner's + dysphagia, no weakness = lateral medullary (PICA/vertebral) syndrome.",
    reference:
      "Harrison's Principles of Internal Medicine, 21st ed. (Ischemic stroke: brainstem syndromes)",
    difficulty: "hard",
  },
  {
    id: "neurology-03",
    topic: "Neurology",
    tags: [
      "neurology",
      "tia",
      "transient ischaemic attack",
      "stroke prevention",
      "antiplatelet",
      "dapt",
      "clopidogrel",
      "aspirin",
    ],
    question:
      "A 62-year-old man had 20 minutes of left arm weakness 6 hours ago that has fully resolved. He is in sinus rhythm, and CT shows no haemorrhage. His ABCD2 score is 5. Which antithrombotic treatment is most appropriate?",
    options: [
      "Warfarin",
      "No antithrombotic, because his symptoms have resolved",
      "Aspirin plus clopidogrel for 21 days, then a single antiplatelet drug",
      "Aspirin plus clopidogrel continued indefinitely",
    ],
    correctIndex: 2,
    explanations: [
      "Anticoagulation is for cardioembolic sources such as atrial fibrillation; it is not indicated for a non-cardioembolic TIA in sinus rhythm.",
      "The risk of stroke is highest in the first days after a TIA; resolved symptoms are the reason to act urgently, not a reason to withhold treatment.",
      "After a high-risk TIA or minor stroke, short-term dual antiplatelet therapy started within 24 hours reduces early recurrent stroke (CHANCE, POINT trials); it is stopped after about 21 days to limit bleeding.",
      "Long-term dual antiplatelet therapy increases major bleeding without additional long-term stroke reduction.",
    ],
    takeaway:
      "High-risk TIA or minor stroke: aspirin + clopidogrel for 21 days, then single antiplatelet; investigate urgently.",
    reference:
      "AHA/ASA Guideline for the Prevention of Stroke in Patients With Stroke and Transient Ischemic Attack, 2021",
    difficulty: "medium",
  },
  {
    id: "neurology-04",
    topic: "Neurology",
    tags: [
      "neurology",
      "epilepsy",
      "seizure",
      "status epilepticus",
      "benzodiazepine",
      "lorazepam",
      "emergency",
    ],
    question:
      "A 25-year-old with known epilepsy has a generalised tonic-clonic seizure that has continued for 7 minutes. His airway is supported, oxygen is on, capillary glucose is 95 mg/dL and IV access is in place. What is the next step?",
    options: [
      "IV lorazepam 0.1 mg/kg (usually 4 mg), repeated once after 5–10 minutes if the seizure continues",
      "IV phenytoin loading dose as the first drug",
      "Wait until the seizure has lasted 30 minutes before treating",
      "IV thiopentone and endotracheal intubation",
    ],
    correctIndex: 0,
    explanations: [
      "A seizure lasting 5 minutes or more is status epilepticus; an IV benzodiazepine (lorazepam, or diazepam; IM midazolam if no IV access) is first-line, repeated once if needed.",
      "Phenytoin/fosphenytoin, levetiracetam or valproate is second-line, given if seizures continue after benzodiazepines.",
      "Treatment starts at 5 minutes; the longer status continues, the harder it is to stop and the greater the neuronal injury.",
      "Anaesthetic agents with intubation are third-line, for refractory status after benzodiazepines and a second-line drug have failed.",
    ],
    takeaway:
      "Status epilepticus at 5 min: benzodiazepine first, then levetiracetam/fosphenytoin/valproate, then anaesthesia.",
    reference:
      "American Epilepsy Society Guideline: Treatment of Convulsive Status Epilepticus in Children and Adults, 2016",
    difficulty: "easy",
  },
  {
    id: "neurology-05",
    topic: "Neurology",
    tags: [
      "neurology",
      "epilepsy",
      "seizure",
      "juvenile myoclonic epilepsy",
      "jme",
      "antiepileptic drugs",
      "aed",
      "carbamazepine",
      "valproate",
    ],
    question:
      "An 18-year-old woman has jerks of her arms in the morning (she drops her toothbrush) and has had two generalised tonic-clonic seizures after sleep deprivation. EEG shows generalised 4–6 Hz polyspike-and-wave discharges. Which drug is likely to worsen her seizures?",
    options: ["Levetiracetam", "Sodium valproate", "Topiramate", "Carbamazepine"],
    correctIndex: 3,
    explanations: [
      "Levetiracetam is broad-spectrum, controls myoclonic and generalised seizures and is a preferred choice in women of childbearing potential.",
      "Valproate is the most effective drug for juvenile myoclonic epilepsy, but its teratogenicity means it should be avoided in women who could become pregnant unless other options fail under a pregnancy prevention programme; it does not worsen the seizures.",
      "Topiramate is a broad-spectrum drug that can be used in generalised epilepsies, though it interacts with hormonal contraception.",
      "Sodium-channel blockers such as carbamazepine (and phenytoin, oxcarbazepine) can aggravate myoclonic and absence seizures in genetic generalised epilepsies such as JME.",
    ],
    takeaway:
      "JME: avoid carbamazepine and phenytoin (worsen myoclonus); avoid valproate in women of childbearing potential.",
    reference: "NICE Guideline NG217: Epilepsies in children, young people and adults, 2022",
    difficulty: "hard",
  },
  {
    id: "neurology-06",
    topic: "Neurology",
    tags: [
      "neurology",
      "meningitis",
      "tb meningitis",
      "tuberculous meningitis",
      "tbm",
      "tb",
      "csf",
      "lumbar puncture",
      "cranial nerve palsy",
    ],
    question:
      "A 30-year-old man from Jharkhand has had 3 weeks of headache, fever and vomiting and is now drowsy with a right sixth nerve palsy. CSF: raised opening pressure, 180 cells/mm³ (mostly lymphocytes), protein 250 mg/dL, glucose 30 mg/dL (blood glucose 110 mg/dL). HIV test, India ink stain and cryptococcal antigen are negative. What is the most likely diagnosis?",
    options: [
      "Acute pneumococcal meningitis",
      "Tuberculous meningitis",
      "Viral meningitis",
      "Cryptococcal meningitis",
    ],
    correctIndex: 1,
    explanations: [
      "Acute bacterial meningitis evolves over hours to a couple of days, with a neutrophil-predominant CSF and often very low glucose.",
      "A subacute course over weeks, cranial nerve palsy, lymphocytic CSF with very high protein and low glucose (CSF:blood ratio <0.5) in an endemic area is typical of TB meningitis; start antituberculous therapy with adjunctive dexamethasone without waiting for culture.",
      "Viral meningitis is acute and usually self-limiting, with a lymphocytic CSF but normal glucose and only mildly raised protein.",
      "Cryptococcal meningitis can look similar, but it occurs mostly with immunosuppression such as HIV, and a negative cryptococcal antigen makes it very unlikely.",
    ],
    takeaway:
      "Subacute meningitis + cranial nerve palsy + lymphocytic CSF, high protein, low glucose = TB meningitis until proved otherwise.",
    reference:
      "Harrison's Principles of Internal Medicine, 21st ed. (Chronic and recurrent meningitis; Tuberculosis)",
    difficulty: "medium",
  },
  {
    id: "neurology-07",
    topic: "Neurology",
    tags: [
      "neurology",
      "meningitis",
      "bacterial meningitis",
      "meningococcal",
      "petechial rash",
      "ceftriaxone",
      "emergency",
      "neck stiffness",
    ],
    question:
      "A 20-year-old student has had fever, severe headache and neck stiffness for 12 hours, with a spreading non-blanching petechial rash. GCS 14, no focal signs, BP 100/65 mmHg. What should be done next?",
    options: [
      "Take blood cultures and give IV ceftriaxone immediately, without waiting for CT or lumbar puncture",
      "CT head, then lumbar puncture, then antibiotics guided by the Gram stain",
      "Oral amoxicillin and review in 24 hours",
      "IV aciclovir alone",
    ],
    correctIndex: 0,
    explanations: [
      "Suspected meningococcal disease is treated with a parenteral third-generation cephalosporin at once, after blood cultures if they cause no delay; mortality rises with each hour of delay, and lumbar puncture can wait or be omitted.",
      "Delaying antibiotics for imaging and lumbar puncture increases mortality; if CT is needed, antibiotics are given before it.",
      "Oral antibiotics and outpatient review are grossly inadequate for meningitis with a petechial rash.",
      "Aciclovir covers herpes simplex encephalitis; a petechial rash with meningism points to meningococcal infection, which needs an antibacterial.",
    ],
    takeaway:
      "Fever + meningism + petechial rash: blood cultures and IV ceftriaxone now; never delay for CT or LP.",
    reference:
      "NICE Guideline NG240: Meningitis (bacterial) and meningococcal disease, 2024; Oxford Handbook of Clinical Medicine",
    difficulty: "easy",
  },
  {
    id: "neurology-08",
    topic: "Neurology",
    tags: [
      "neurology",
      "gbs",
      "guillain-barre syndrome",
      "aidp",
      "acute flaccid paralysis",
      "ivig",
      "plasma exchange",
      "campylobacter",
      "vital capacity",
    ],
    question:
      "A 35-year-old man, 2 weeks after an episode of diarrhoea, has 4 days of progressive symmetrical weakness that started in the legs and now involves the arms. He cannot walk unaided and is areflexic. CSF: protein 180 mg/dL, 3 cells/mm³. What is the most appropriate treatment?",
    options: [
      "Oral prednisolone",
      "IV methylprednisolone pulses",
      "IV immunoglobulin (or plasma exchange), with serial vital capacity monitoring",
      "Oral pyridostigmine",
    ],
    correctIndex: 2,
    explanations: [
      "Oral corticosteroids do not hasten recovery in GBS and may delay it.",
      "IV methylprednisolone showed no benefit in trials and is not recommended.",
      "GBS (ascending weakness, areflexia, albuminocytological dissociation after Campylobacter infection) in a patient unable to walk is treated with IVIG 2 g/kg over 5 days or plasma exchange; vital capacity is monitored because respiratory failure can develop rapidly.",
      "Pyridostigmine treats myasthenia gravis (a neuromuscular junction disorder), not a demyelinating neuropathy.",
    ],
    takeaway:
      "GBS: IVIG or plasma exchange (not steroids); watch vital capacity and autonomic instability.",
    reference:
      "European Academy of Neurology/Peripheral Nerve Society Guideline on the management of Guillain–Barré syndrome, 2023",
    difficulty: "medium",
  },
  {
    id: "neurology-09",
    topic: "Neurology",
    tags: [
      "neurology",
      "myasthenia gravis",
      "mg",
      "neuromuscular junction",
      "aminoglycosides",
      "gentamicin",
      "myasthenic crisis",
      "drug interactions",
    ],
    question:
      "A 45-year-old woman with generalised myasthenia gravis on pyridostigmine is admitted with a urinary tract infection. Which antibiotic should be avoided because it can precipitate a myasthenic crisis?",
    options: ["Ceftriaxone", "Amoxicillin", "Gentamicin", "Cefuroxime"],
    correctIndex: 2,
    explanations: [
      "Cephalosporins such as ceftriaxone do not meaningfully impair neuromuscular transmission and are generally safe in myasthenia.",
      "Penicillins such as amoxicillin are generally safe in myasthenia gravis.",
      "Aminoglycosides reduce acetylcholine release and block postsynaptic receptors, worsening weakness and risking respiratory failure; fluoroquinolones, macrolides, IV magnesium and some beta-blockers are also best avoided.",
      "Cefuroxime, like other cephalosporins, is generally safe in myasthenia gravis.",
    ],
    takeaway:
      "Myasthenia: avoid aminoglycosides, fluoroquinolones, macrolides and IV magnesium; they can trigger crisis.",
    reference:
      "International Consensus Guidance for Management of Myasthenia Gravis, 2016 (updated 2020)",
    difficulty: "medium",
  },
  {
    id: "neurology-10",
    topic: "Neurology",
    tags: [
      "neurology",
      "headache",
      "thunderclap headache",
      "sah",
      "subarachnoid haemorrhage",
      "subarachnoid hemorrhage",
      "lumbar puncture",
      "xanthochromia",
    ],
    question:
      "A 42-year-old woman had a sudden, severe headache that peaked within a minute while lifting a heavy box 8 hours ago. She has mild neck stiffness, GCS 15 and no focal signs. A non-contrast CT head done 7 hours after onset is normal. What is the next step?",
    options: [
      "Reassure her that it is migraine and discharge with analgesia",
      "Repeat the non-contrast CT in one week",
      "Electroencephalogram",
      "Lumbar puncture at least 12 hours after headache onset, looking for xanthochromia",
    ],
    correctIndex: 3,
    explanations: [
      "A first thunderclap headache is subarachnoid haemorrhage until proved otherwise; labelling it migraine risks a fatal rebleed.",
      "Blood clears from the CSF spaces over days, so a later CT is less sensitive, and waiting a week risks rebleeding.",
      "EEG has no role in diagnosing subarachnoid haemorrhage.",
      "CT is almost fully sensitive only within 6 hours of onset; after that, a normal CT is followed by lumbar puncture at least 12 hours after onset, when bilirubin (xanthochromia) has formed from lysed red cells and distinguishes SAH from a traumatic tap.",
    ],
    takeaway:
      "Thunderclap headache with normal CT after 6 h: LP ≥12 h after onset for xanthochromia.",
    reference: "NICE Guideline NG228: Subarachnoid haemorrhage caused by a ruptured aneurysm, 2022",
    difficulty: "medium",
  },
  {
    id: "neurology-11",
    topic: "Neurology",
    tags: [
      "neurology",
      "headache",
      "cluster headache",
      "trigeminal autonomic cephalalgia",
      "oxygen therapy",
      "sumatriptan",
      "verapamil",
    ],
    question:
      "A 32-year-old man who smokes has had attacks of excruciating left-sided pain around the eye every night for 3 weeks, each lasting about 45 minutes, with left eye watering, nasal discharge and drooping of the eyelid. He paces restlessly during attacks. What is the best acute treatment for an attack?",
    options: [
      "100% oxygen at 12–15 L/min through a non-rebreather mask",
      "Oral paracetamol",
      "Oral propranolol",
      "Oral carbamazepine",
    ],
    correctIndex: 0,
    explanations: [
      "Cluster headache attacks respond to high-flow 100% oxygen or subcutaneous/intranasal triptans, usually within 15 minutes; verapamil is used for prevention during a cluster.",
      "Simple oral analgesics act too slowly and are ineffective for cluster attacks.",
      "Propranolol is a migraine preventive and has no role in aborting cluster headache.",
      "Carbamazepine treats trigeminal neuralgia, which causes brief, electric shock-like pains lasting seconds, not 45-minute attacks with autonomic features.",
    ],
    takeaway:
      "Cluster headache: acute = high-flow oxygen or SC sumatriptan; prevention = verapamil.",
    reference:
      "NICE Clinical Guideline CG150: Headaches in over 12s: diagnosis and management; ICHD-3, 2018",
    difficulty: "medium",
  },
  {
    id: "neurology-12",
    topic: "Neurology",
    tags: [
      "neurology",
      "parkinson's disease",
      "parkinsons",
      "pd",
      "parkinsonism",
      "antiemetics",
      "domperidone",
      "dopamine antagonists",
      "pharmacology",
    ],
    question:
      "A 70-year-old man with Parkinson's disease on levodopa-carbidopa develops nausea and vomiting after surgery. Which antiemetic is the most appropriate?",
    options: ["Metoclopramide", "Domperidone", "Prochlorperazine", "Haloperidol"],
    correctIndex: 1,
    explanations: [
      "Metoclopramide crosses the blood–brain barrier and blocks striatal D2 receptors, worsening parkinsonism.",
      "Domperidone is a peripheral D2 antagonist that barely crosses the blood–brain barrier (the chemoreceptor trigger zone lies outside it), so it relieves nausea without worsening parkinsonism; use the lowest dose and watch the QT interval.",
      "Prochlorperazine is a phenothiazine that blocks central dopamine receptors and worsens parkinsonism.",
      "Haloperidol is a potent central D2 blocker and can cause severe deterioration in Parkinson's disease.",
    ],
    takeaway:
      "Parkinson's disease: avoid centrally acting dopamine blockers; domperidone (or ondansetron) is safer for nausea.",
    reference:
      "NICE Guideline NG71: Parkinson's disease in adults, 2017; KD Tripathi, Essentials of Medical Pharmacology",
    difficulty: "easy",
  },
  {
    id: "neurology-13",
    topic: "Neurology",
    tags: [
      "neurology",
      "spinal cord",
      "brown-sequard syndrome",
      "hemisection",
      "spinothalamic tract",
      "dorsal column",
      "corticospinal tract",
      "neuroanatomy",
    ],
    question:
      "A 25-year-old man is stabbed in the back and has a left-sided hemisection of the spinal cord at T10. Which pattern of deficits below the lesion is expected?",
    options: [
      "Bilateral leg weakness and bilateral loss of pain and temperature, with vibration and proprioception preserved",
      "Right leg weakness and right loss of vibration and proprioception; left loss of pain and temperature",
      "Left leg weakness and left loss of vibration and proprioception; right loss of pain and temperature",
      "Left leg weakness and left loss of pain and temperature; right loss of vibration and proprioception",
    ],
    correctIndex: 2,
    explanations: [
      "Bilateral motor and spinothalamic loss with spared dorsal columns is anterior cord syndrome (e.g. anterior spinal artery occlusion).",
      "This is the pattern of a right, not left, hemisection.",
      "The corticospinal tract and dorsal columns cross in the medulla, so their loss is ipsilateral; spinothalamic fibres cross within one or two segments of entry, so pain and temperature are lost on the opposite side, starting a level or two below the lesion.",
      "This reverses the sensory tracts: the dorsal columns give ipsilateral loss and the spinothalamic tract contralateral loss.",
    ],
    takeaway:
      "Brown-Séquard: ipsilateral weakness and dorsal column loss, contralateral pain and temperature loss.",
    reference:
      "Guyton and Hall Textbook of Medical Physiology, 14th ed.; Harrison's Principles of Internal Medicine (Diseases of the spinal cord)",
    difficulty: "hard",
  },
];

export default questions;
