import type { BankScenario } from "../types";

const scenarios: BankScenario[] = [
  {
    id: "organophosphate-poisoning-01",
    topic: "Emergency Medicine",
    condition: "Organophosphate poisoning",
    tags: [
      "emergency medicine",
      "toxicology",
      "poisoning",
      "organophosphate poisoning",
      "op poisoning",
      "pesticide poisoning",
      "insecticide",
      "cholinergic crisis",
      "atropine",
      "pralidoxime",
      "self-harm",
    ],
    case: {
      history:
        "A 28-year-old farmer from a village near Yavatmal, Maharashtra, is brought to the emergency department 1 hour after drinking an insecticide (the bottle label reads chlorpyrifos) after a family quarrel. He vomited twice on the way.",
      examination:
        "GCS 12. Solvent smell on the breath. Pinpoint pupils. Profuse salivation, sweating and lacrimation. Widespread crackles and wheeze with copious bronchial secretions. Pulse 48/min, BP 88/60 mmHg, RR 30/min, SpO2 86% on room air. Fasciculations over the chest and calves.",
      results:
        "Capillary glucose 140 mg/dL. ECG: sinus bradycardia, QTc 480 ms. Plasma cholinesterase: sent.",
    },
    question:
      "After positioning the airway, suctioning secretions and giving oxygen, what is the most important next step?",
    options: [
      "Gastric lavage before any drug is given",
      "IV atropine 1.8–3 mg as a bolus, doubling the dose every 5 minutes until the chest is clear, heart rate is above 80/min and systolic BP is above 80 mmHg",
      "IV pralidoxime alone, because oximes reactivate acetylcholinesterase",
      "Wait for the plasma cholinesterase result to confirm poisoning before treating",
    ],
    correctIndex: 1,
    explanations: [
      "Gastric decontamination has no proven benefit and must never come before resuscitation and atropine; lavage in a drowsy patient risks aspiration.",
      "Correct. The muscarinic crisis (bronchorrhoea, bronchospasm, bradycardia, hypotension) kills through respiratory failure. Give atropine rapidly with dose doubling until atropinisation is achieved, then maintain it by infusion.",
      "Oximes do not reverse the muscarinic features that are killing him, and their benefit is uncertain; where protocols use pralidoxime it is given in addition to atropine, never instead of it.",
      "The diagnosis is clinical (a cholinergic toxidrome with a history of insecticide ingestion); treatment must not wait for a laboratory result.",
    ],
    takeaway:
      "OP poisoning: airway, oxygen and rapid atropine with dose doubling every 5 minutes until the chest is clear, HR >80 and SBP >80.",
    reference:
      "Eddleston M et al. Management of acute organophosphorus pesticide poisoning. Lancet 2008; KD Tripathi, Essentials of Medical Pharmacology",
    difficulty: "easy",
  },
  {
    id: "organophosphate-poisoning-02",
    topic: "Emergency Medicine",
    condition: "Organophosphate poisoning",
    tags: [
      "emergency medicine",
      "toxicology",
      "organophosphate poisoning",
      "op poisoning",
      "atropine",
      "atropinisation",
      "atropinization",
      "atropine infusion",
      "endpoints",
    ],
    case: {
      history:
        "A 40-year-old woman in a district hospital in Warangal, Telangana, drank an organophosphate insecticide 2 hours ago. Over the past 20 minutes she has received escalating IV atropine boluses totalling 14 mg.",
      examination:
        "GCS 14. Pulse 96/min, BP 104/70 mmHg, RR 20/min, SpO2 95% on oxygen 4 L/min. Chest clear on auscultation. Axillae dry. Pupils 3 mm, no longer pinpoint. Bowel sounds present. A few fasciculations persist.",
      results: "Capillary glucose 128 mg/dL. Plasma cholinesterase markedly reduced.",
    },
    question: "What is the most appropriate next step with atropine?",
    options: [
      "Start an atropine infusion at about 10–20% of the total loading dose per hour and reassess frequently, as atropinisation has been achieved",
      "Keep giving atropine boluses until the pupils are fully dilated",
      "Keep giving atropine boluses until the fasciculations stop",
      "Stop atropine altogether, as she has improved",
    ],
    correctIndex: 0,
    explanations: [
      "Correct. A clear chest, heart rate above 80/min, systolic BP above 80 mmHg, dry axillae and pupils no longer pinpoint mark atropinisation. Maintain it with an infusion of roughly 10–20% of the loading dose each hour, checking frequently for recurrent cholinergic signs or atropine toxicity.",
      "Pupil size is an unreliable endpoint; chasing full mydriasis leads to atropine toxicity.",
      "Fasciculations and weakness are nicotinic effects, which atropine (an antimuscarinic) does not reverse; giving more for them causes toxicity.",
      "OP compounds, especially fat-soluble ones, keep inhibiting cholinesterase for hours to days; stopping atropine abruptly risks a return of the cholinergic crisis.",
    ],
    takeaway:
      "Atropinisation = clear chest, HR >80, SBP >80, dry axillae, pupils no longer pinpoint; then maintain with an infusion (10–20% of the loading dose per hour).",
    reference:
      "Eddleston M et al. Management of acute organophosphorus pesticide poisoning. Lancet 2008",
    difficulty: "medium",
  },
  {
    id: "organophosphate-poisoning-03",
    topic: "Emergency Medicine",
    condition: "Organophosphate poisoning",
    tags: [
      "emergency medicine",
      "toxicology",
      "organophosphate poisoning",
      "op poisoning",
      "intermediate syndrome",
      "neuromuscular junction",
      "respiratory failure",
      "opidn",
      "proximal weakness",
    ],
    case: {
      history:
        "A 32-year-old man in Guntur, Andhra Pradesh, was admitted to the ICU after drinking an organophosphate insecticide. His cholinergic crisis was controlled with atropine within the first day. On day 3, while on a low-dose atropine infusion, he develops difficulty lifting his head and feels short of breath.",
      examination:
        "Alert. Unable to lift his head off the pillow (neck flexor weakness). Shoulder abduction and hip flexion 3/5, distal power normal. Bilateral ptosis and facial weakness. Tendon reflexes reduced. No fasciculations, no excess secretions, pupils normal. RR 28/min and shallow; single-breath count 10. SpO2 93% on 2 L/min oxygen. Pulse 92/min.",
      results:
        "Arterial blood gas: pH 7.32, PaCO2 50 mmHg, PaO2 70 mmHg. Plasma cholinesterase still markedly low.",
    },
    question: "What is the most likely diagnosis?",
    options: [
      "Organophosphate-induced delayed polyneuropathy",
      "Guillain–Barré syndrome",
      "Atropine toxicity",
      "Intermediate syndrome",
    ],
    correctIndex: 3,
    explanations: [
      "OPIDN appears 2–3 weeks after exposure as a distal, predominantly motor sensorimotor neuropathy (foot drop, wrist drop), not proximal and cranial weakness on day 3.",
      "GBS is an ascending polyradiculoneuropathy that follows an infection by days to weeks; the timing and the cholinesterase context point to a toxic cause.",
      "Atropine toxicity causes agitation, delirium, tachycardia, hyperthermia and dry skin, not neck flexor and proximal weakness.",
      "Correct. Intermediate syndrome develops 24–96 hours after poisoning, after the cholinergic crisis has settled: weakness of neck flexors, proximal limbs, cranial nerve-supplied muscles and respiratory muscles from prolonged nicotinic receptor dysfunction. Atropine does not help; monitor respiratory function closely and ventilate early. It recovers over days to weeks.",
    ],
    takeaway:
      "Days 1–4 after OP poisoning, neck flexor, proximal and cranial weakness with respiratory failure = intermediate syndrome: ventilate; atropine will not help.",
    reference:
      "Eddleston M et al. Management of acute organophosphorus pesticide poisoning. Lancet 2008; Harrison's Principles of Internal Medicine, 21st ed.",
    difficulty: "medium",
  },
  {
    id: "organophosphate-poisoning-04",
    topic: "Emergency Medicine",
    condition: "Organophosphate poisoning",
    tags: [
      "emergency medicine",
      "toxicology",
      "organophosphate poisoning",
      "op poisoning",
      "atropine toxicity",
      "anticholinergic toxicity",
      "delirium",
      "atropine infusion",
    ],
    case: {
      history:
        "A 25-year-old man in Bathinda, Punjab, was admitted 18 hours ago with organophosphate poisoning and is on an atropine infusion. The nurse reports that he has become agitated and keeps trying to pull out his IV line.",
      examination:
        "Confused and agitated, picking at the bedsheets. Temperature 38.9 °C, pulse 148/min, BP 140/90 mmHg, SpO2 97% on room air. Pupils widely dilated. Skin hot, dry and flushed; axillae dry. Chest clear. Bowel sounds absent; bladder palpable.",
      results: "Capillary glucose 132 mg/dL. ECG: sinus tachycardia.",
    },
    question: "What is the most appropriate next step?",
    options: [
      "Increase the atropine infusion, as the agitation reflects central cholinergic toxicity",
      "Give IV haloperidol and continue atropine at the same rate",
      "Stop the atropine infusion, observe closely, and restart it at a lower rate (about 70–80% of the previous rate) once the signs of toxicity settle",
      "Give physostigmine to reverse the delirium",
    ],
    correctIndex: 2,
    explanations: [
      "Delirium with fever, tachycardia, dry flushed skin, dilated pupils, absent bowel sounds and urinary retention is anticholinergic (atropine) toxicity; more atropine would worsen it.",
      "Haloperidol does not address the cause and can lower the seizure threshold; the infusion rate is the problem. A benzodiazepine is preferred if sedation is needed.",
      "Correct. These are features of excess atropine. Stop the infusion, check every 30 minutes, cool him and catheterise the bladder, and restart at about 70–80% of the previous rate once the toxicity resolves, watching for recurrent cholinergic signs.",
      "Physostigmine is itself a cholinesterase inhibitor; in a patient already poisoned with an organophosphate it could precipitate a cholinergic crisis.",
    ],
    takeaway:
      "Agitation, fever, tachycardia, dry skin, ileus and urinary retention on atropine = atropine toxicity: stop, then restart at a lower rate.",
    reference:
      "Eddleston M et al. Management of acute organophosphorus pesticide poisoning. Lancet 2008",
    difficulty: "medium",
  },
  {
    id: "organophosphate-poisoning-05",
    topic: "Emergency Medicine",
    condition: "Organophosphate poisoning",
    tags: [
      "emergency medicine",
      "toxicology",
      "organophosphate poisoning",
      "op poisoning",
      "intubation",
      "rapid sequence intubation",
      "rsi",
      "succinylcholine",
      "suxamethonium",
      "pseudocholinesterase",
      "butyrylcholinesterase",
      "respiratory failure",
    ],
    case: {
      history:
        "A 45-year-old man in Anantapur, Andhra Pradesh, was brought 2 hours after drinking an organophosphate pesticide. He has received atropine boluses, but his conscious level has fallen and he is now to be intubated.",
      examination:
        "GCS 7. RR 8/min with poor respiratory effort. SpO2 85% despite high-flow oxygen. Copious oral secretions. Pulse 110/min after atropine, BP 100/64 mmHg.",
      results: "Arterial blood gas: pH 7.21, PaCO2 62 mmHg, PaO2 54 mmHg.",
    },
    question: "Which drug should be avoided for his rapid sequence intubation?",
    options: ["Succinylcholine (suxamethonium)", "Rocuronium", "Ketamine", "Midazolam"],
    correctIndex: 0,
    explanations: [
      "Correct. Succinylcholine is broken down by plasma butyrylcholinesterase (pseudocholinesterase), which organophosphates inhibit, so its paralysis can last for hours; avoid it and use a non-depolarising agent.",
      "Rocuronium, a non-depolarising blocker, is the preferred paralytic; its action is not prolonged by cholinesterase inhibition, although larger doses may be needed.",
      "Ketamine is an acceptable induction agent in a hypotension-prone patient and has some bronchodilator effect.",
      "Midazolam is an acceptable sedative and also treats seizures that can occur in severe OP poisoning.",
    ],
    takeaway:
      "Intubating an OP-poisoned patient: avoid succinylcholine (prolonged paralysis from inhibited plasma cholinesterase); use a non-depolarising agent.",
    reference:
      "Eddleston M et al. Management of acute organophosphorus pesticide poisoning. Lancet 2008; KD Tripathi, Essentials of Medical Pharmacology",
    difficulty: "medium",
  },
];

export default scenarios;
