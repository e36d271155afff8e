import type { BankQuestion } from "../types";

const questions: BankQuestion[] = [
  {
    id: "psychiatry-01",
    topic: "Psychiatry",
    tags: [
      "psychiatry",
      "depression",
      "major depressive disorder",
      "mdd",
      "depressive episode",
      "antidepressants",
      "ssri",
      "escitalopram",
      "sertraline",
    ],
    question:
      "A 32-year-old woman has had 6 weeks of persistent low mood, loss of interest in everything, early morning waking, poor appetite with 4 kg weight loss, guilt and poor concentration, and has stopped going to work. She has no psychotic symptoms and no suicidal plans. She prefers medication alongside talking therapy. Which is the most appropriate first-line drug?",
    options: [
      "Alprazolam at bedtime",
      "Lithium monotherapy",
      "An SSRI such as escitalopram or sertraline",
      "Low-dose haloperidol",
    ],
    correctIndex: 2,
    explanations: [
      "Benzodiazepines do not treat depression and carry risks of dependence; at most they are used briefly for severe anxiety or insomnia.",
      "Lithium is used to augment antidepressants in resistant depression and in bipolar disorder, not as first-line monotherapy for unipolar depression.",
      "This is a moderate-severe depressive episode; SSRIs are first-line because of efficacy, tolerability and safety in overdose. Benefit takes 2-4 weeks, and patients (especially under 25) should be reviewed early for agitation or suicidal thoughts.",
      "Antipsychotics are used for psychotic depression or augmentation, not as first-line treatment of non-psychotic depression.",
    ],
    takeaway:
      "Moderate-severe depression: SSRI plus psychological therapy; review within 1-2 weeks and continue for at least 6 months after remission.",
    reference:
      "NICE guideline NG222: Depression in adults: treatment and management (2022); Kaplan & Sadock's Synopsis of Psychiatry",
    difficulty: "easy",
  },
  {
    id: "psychiatry-02",
    topic: "Psychiatry",
    tags: [
      "psychiatry",
      "serotonin syndrome",
      "serotonin toxicity",
      "ssri",
      "fluoxetine",
      "tramadol",
      "drug interactions",
      "clonus",
      "nms",
      "adverse effects",
    ],
    question:
      "A 40-year-old man on fluoxetine is prescribed tramadol for back pain. Within a day he becomes agitated and sweaty with diarrhoea, tremor, temperature 38.6 C, pulse 120/min, dilated pupils, brisk reflexes and inducible ankle and ocular clonus that are most marked in the legs. What is the most likely diagnosis?",
    options: [
      "Neuroleptic malignant syndrome",
      "Serotonin syndrome",
      "Malignant hyperthermia",
      "Anticholinergic toxicity",
    ],
    correctIndex: 1,
    explanations: [
      "NMS follows dopamine antagonists, develops over days, and causes lead-pipe rigidity with slow (bradykinetic) responses and reduced reflexes rather than clonus.",
      "Tramadol is serotonergic; combined with an SSRI it can cause serotonin syndrome, which develops within hours and features neuromuscular hyperactivity (clonus, hyperreflexia, tremor), autonomic instability and agitation. Stop the serotonergic drugs, give benzodiazepines and cooling, and consider cyproheptadine.",
      "Malignant hyperthermia is triggered by volatile anaesthetics or suxamethonium in susceptible people, with rigidity and rising end-tidal CO2 during anaesthesia.",
      "Anticholinergic toxicity causes hot, dry skin, urinary retention and reduced bowel sounds, not sweating, diarrhoea and clonus.",
    ],
    takeaway:
      "Serotonin syndrome: rapid onset, clonus and hyperreflexia, sweating, diarrhoea; NMS: slow onset, lead-pipe rigidity, dopamine antagonist.",
    reference:
      "Boyer EW, Shannon M. The serotonin syndrome. NEJM 2005; Kaplan & Sadock's Synopsis of Psychiatry",
    difficulty: "hard",
  },
  {
    id: "psychiatry-03",
    topic: "Psychiatry",
    tags: [
      "psychiatry",
      "neuroleptic malignant syndrome",
      "nms",
      "antipsychotics",
      "haloperidol",
      "rigidity",
      "hyperthermia",
      "ck",
      "dantrolene",
      "bromocriptine",
      "adverse effects",
    ],
    question:
      "A 25-year-old man started on haloperidol for acute psychosis 5 days ago now has a temperature of 40 C, generalised lead-pipe rigidity, fluctuating consciousness, sweating and labile blood pressure. Creatine kinase is 15,000 U/L. What is the most appropriate management?",
    options: [
      "Stop haloperidol; cooling, IV fluids, and dantrolene or bromocriptine",
      "Increase the haloperidol dose to control agitation",
      "Switch to an intramuscular depot antipsychotic",
      "Give cyproheptadine as a specific antidote",
    ],
    correctIndex: 0,
    explanations: [
      "This is neuroleptic malignant syndrome; the antipsychotic must be stopped at once, with intensive supportive care for hyperthermia, dehydration and rhabdomyolysis, and dantrolene or bromocriptine in severe cases (benzodiazepines for agitation).",
      "More haloperidol would worsen the dopamine blockade that causes NMS and could be fatal.",
      "Any antipsychotic, especially a long-acting depot that cannot be withdrawn, is dangerous during NMS; rechallenge is considered only after full recovery, usually at least 2 weeks later, with a low-potency drug.",
      "Cyproheptadine is a serotonin antagonist used in serotonin syndrome, not NMS.",
    ],
    takeaway:
      "NMS (fever, rigidity, altered mental state, autonomic instability, high CK): stop the antipsychotic, supportive care, consider dantrolene or bromocriptine.",
    reference:
      "Kaplan & Sadock's Synopsis of Psychiatry; The Maudsley Prescribing Guidelines in Psychiatry",
    difficulty: "medium",
  },
  {
    id: "psychiatry-04",
    topic: "Psychiatry",
    tags: [
      "psychiatry",
      "anxiety",
      "anxiety disorders",
      "panic disorder",
      "panic attacks",
      "cbt",
      "ssri",
      "benzodiazepines",
    ],
    question:
      "A 28-year-old woman has had recurrent unexpected attacks of intense fear with palpitations, breathlessness, tingling and a feeling that she is going to die, each peaking within minutes, for the past 3 months. She now worries constantly about the next attack. ECG, thyroid function and blood glucose are normal. What is the best long-term management?",
    options: [
      "Long-term alprazolam as the sole treatment",
      "Propranolol alone",
      "Cognitive behavioural therapy and/or an SSRI",
      "Reassure her and advise her to avoid places where attacks happen",
    ],
    correctIndex: 2,
    explanations: [
      "Benzodiazepines give quick relief but are associated with tolerance, dependence and a worse long-term outcome, so they are not recommended for long-term treatment of panic disorder.",
      "Propranolol may blunt palpitations and tremor but does not treat the disorder.",
      "CBT (including psychoeducation and exposure) and SSRIs are the evidence-based first-line treatments for panic disorder, alone or together.",
      "Avoidance maintains anxiety and can lead to agoraphobia; reassurance alone is insufficient once the disorder is established.",
    ],
    takeaway: "Panic disorder: CBT and/or SSRI first-line; avoid long-term benzodiazepines.",
    reference:
      "NICE clinical guideline CG113: Generalised anxiety disorder and panic disorder in adults; Kaplan & Sadock's Synopsis of Psychiatry",
    difficulty: "easy",
  },
  {
    id: "psychiatry-05",
    topic: "Psychiatry",
    tags: [
      "psychiatry",
      "schizophrenia",
      "treatment-resistant schizophrenia",
      "trs",
      "clozapine",
      "agranulocytosis",
      "neutropenia",
      "anc",
      "antipsychotics",
      "adverse effects",
    ],
    question:
      "A 30-year-old man with schizophrenia has had persistent hallucinations and delusions despite adequate trials (dose, duration and adherence) of risperidone and then olanzapine. Clozapine is started. Which monitoring is mandatory?",
    options: [
      "Regular neutrophil counts, weekly at first",
      "Serum lithium levels every 3 months",
      "Thyroid function tests every month",
      "Visual field testing every 6 months",
    ],
    correctIndex: 0,
    explanations: [
      "Clozapine can cause neutropenia and agranulocytosis, mostly in the first months, so neutrophil counts are checked weekly initially (for 18 weeks in many schemes) and then less often for as long as treatment continues; metabolic monitoring and vigilance for myocarditis are also needed.",
      "Lithium levels are for patients on lithium, not clozapine.",
      "Thyroid monitoring is needed with lithium, not clozapine.",
      "Visual field testing is needed with vigabatrin; it is not part of clozapine monitoring.",
    ],
    takeaway:
      "Treatment-resistant schizophrenia (failed 2 adequate antipsychotic trials): clozapine, with mandatory neutrophil monitoring.",
    reference:
      "The Maudsley Prescribing Guidelines in Psychiatry; NICE clinical guideline CG178: Psychosis and schizophrenia in adults",
    difficulty: "medium",
  },
  {
    id: "psychiatry-06",
    topic: "Psychiatry",
    tags: [
      "psychiatry",
      "lithium",
      "lithium toxicity",
      "bipolar disorder",
      "drug interactions",
      "thiazide",
      "hydrochlorothiazide",
      "mood stabiliser",
      "adverse effects",
    ],
    question:
      "A 45-year-old woman with bipolar disorder, stable for years on lithium (level 0.7 mmol/L), was started on a new medicine 10 days ago. She now has coarse tremor, ataxia, slurred speech, vomiting, diarrhoea and confusion. Her lithium level is 2.1 mmol/L. Which new medicine is most likely responsible?",
    options: ["Amlodipine", "Paracetamol", "Omeprazole", "Hydrochlorothiazide"],
    correctIndex: 3,
    explanations: [
      "Amlodipine does not meaningfully alter lithium clearance.",
      "Paracetamol does not affect renal lithium handling (unlike NSAIDs, which do raise lithium levels).",
      "Omeprazole has no significant interaction with lithium.",
      "Thiazides cause sodium depletion, so the proximal tubule reabsorbs more sodium and lithium; lithium levels can rise by 25-40% and cause toxicity. NSAIDs, ACE inhibitors, ARBs and dehydration do the same.",
    ],
    takeaway:
      "Thiazides, NSAIDs, ACE inhibitors/ARBs and dehydration raise lithium levels; severe toxicity may need haemodialysis.",
    reference: "The Maudsley Prescribing Guidelines in Psychiatry; Stockley's Drug Interactions",
    difficulty: "medium",
  },
  {
    id: "psychiatry-07",
    topic: "Psychiatry",
    tags: [
      "psychiatry",
      "lithium",
      "nephrogenic diabetes insipidus",
      "ndi",
      "diabetes insipidus",
      "polyuria",
      "amiloride",
      "enac",
      "aquaporin-2",
      "adverse effects",
    ],
    question:
      "A 50-year-old man on lithium for 10 years has polyuria (5 L/day) and thirst. Urine osmolality stays low after water deprivation and does not rise after desmopressin. His psychiatrist feels lithium must be continued. Which drug can reduce this adverse effect?",
    options: ["Desmopressin", "Amiloride", "Fluid restriction", "Demeclocycline"],
    correctIndex: 1,
    explanations: [
      "The collecting duct does not respond to ADH in nephrogenic diabetes insipidus, so desmopressin is ineffective, as the test showed.",
      "Lithium enters collecting duct principal cells through the epithelial sodium channel (ENaC) and impairs ADH signalling, reducing aquaporin-2; amiloride blocks ENaC, limiting lithium entry and improving concentrating ability.",
      "Fluid restriction in a patient who cannot concentrate urine causes dangerous dehydration, hypernatraemia and a rise in lithium level.",
      "Demeclocycline causes nephrogenic diabetes insipidus (it is used to treat SIADH) and would make things worse.",
    ],
    takeaway:
      "Lithium causes nephrogenic DI via ENaC entry into principal cells and reduced aquaporin-2; amiloride helps.",
    reference:
      "Harrison's Principles of Internal Medicine; Goodman & Gilman's The Pharmacological Basis of Therapeutics",
    difficulty: "hard",
  },
  {
    id: "psychiatry-08",
    topic: "Psychiatry",
    tags: [
      "psychiatry",
      "bipolar disorder",
      "bipolar i",
      "bpad",
      "mania",
      "manic episode",
      "hypomania",
      "mood disorders",
    ],
    question:
      "A 24-year-old man, treated for a depressive episode last year, has had 10 days of elated mood, sleeping 2 hours a night without tiredness, pressured speech, flight of ideas, a belief that he has been chosen to lead the nation, and has spent all his savings. He is admitted because of his behaviour. What is the diagnosis?",
    options: [
      "Bipolar II disorder",
      "Bipolar I disorder",
      "Cyclothymia",
      "Recurrent depressive disorder",
    ],
    correctIndex: 1,
    explanations: [
      "Bipolar II needs hypomania (at least 4 days, without marked impairment, psychosis or hospital admission) plus major depression; this episode is full mania.",
      "A single manic episode (at least 1 week, or any duration if admission is needed, with marked impairment or psychotic features such as grandiose delusions) establishes bipolar I disorder.",
      "Cyclothymia is a chronic pattern of mild mood swings that never reach the threshold of mania or major depression.",
      "A manic episode excludes a diagnosis of recurrent (unipolar) depressive disorder.",
    ],
    takeaway: "Any manic episode = bipolar I; hypomania plus depression = bipolar II.",
    reference:
      "American Psychiatric Association, DSM-5-TR (2022); Kaplan & Sadock's Synopsis of Psychiatry",
    difficulty: "easy",
  },
  {
    id: "psychiatry-09",
    topic: "Psychiatry",
    tags: [
      "psychiatry",
      "schizophrenia",
      "first-rank symptoms",
      "schneider",
      "psychosis",
      "delusional perception",
      "hallucinations",
      "delusions",
    ],
    question: "Which of the following is a Schneiderian first-rank symptom of schizophrenia?",
    options: [
      "Second-person voices telling the patient to harm himself",
      "A persecutory belief that neighbours are poisoning his food",
      "Vivid visual hallucinations of small animals",
      "Seeing a red car pass by and immediately knowing that he has been chosen as a prophet",
    ],
    correctIndex: 3,
    explanations: [
      "Voices in the second person addressing or commanding the patient are common in psychosis but are not first-rank; first-rank voices are in the third person, commenting or discussing, or repeat his thoughts aloud.",
      "Persecutory delusions are common but occur in many psychotic disorders and are not first-rank symptoms.",
      "Visual hallucinations suggest an organic cause such as delirium, drug intoxication or withdrawal; they are not first-rank symptoms.",
      "Delusional perception, in which a normal perception is suddenly given a delusional meaning unrelated to it, is a first-rank symptom, along with thought insertion, withdrawal and broadcasting, passivity experiences, and third-person or running-commentary voices.",
    ],
    takeaway:
      "First-rank symptoms: audible thoughts, third-person and commentary voices, thought insertion, withdrawal and broadcasting, passivity experiences, delusional perception.",
    reference: "Kaplan & Sadock's Synopsis of Psychiatry; Sims' Symptoms in the Mind",
    difficulty: "medium",
  },
  {
    id: "psychiatry-10",
    topic: "Psychiatry",
    tags: [
      "psychiatry",
      "antipsychotics",
      "risperidone",
      "hyperprolactinaemia",
      "hyperprolactinemia",
      "galactorrhoea",
      "amenorrhoea",
      "dopamine pathways",
      "tuberoinfundibular",
      "adverse effects",
    ],
    question:
      "A 26-year-old woman on risperidone for schizophrenia develops amenorrhoea and galactorrhoea. Her pregnancy test is negative and serum prolactin is markedly raised. Blockade of D2 receptors in which pathway explains this?",
    options: [
      "Mesolimbic pathway",
      "Nigrostriatal pathway",
      "Tuberoinfundibular pathway",
      "Mesocortical pathway",
    ],
    correctIndex: 2,
    explanations: [
      "Mesolimbic D2 blockade is thought to produce the antipsychotic effect on positive symptoms, not endocrine effects.",
      "Nigrostriatal D2 blockade causes extrapyramidal effects such as parkinsonism, dystonia, akathisia and tardive dyskinesia.",
      "Dopamine from the hypothalamic tuberoinfundibular neurons tonically inhibits prolactin release from the anterior pituitary; blocking D2 receptors there raises prolactin, causing galactorrhoea, amenorrhoea, sexual dysfunction and in the long term reduced bone density. Switching to a prolactin-sparing drug such as aripiprazole can help.",
      "Reduced mesocortical dopamine is linked to negative and cognitive symptoms; blockade there does not raise prolactin.",
    ],
    takeaway:
      "Antipsychotic hyperprolactinaemia = tuberoinfundibular D2 blockade; risperidone and amisulpride are the worst, aripiprazole spares prolactin.",
    reference:
      "Stahl's Essential Psychopharmacology; The Maudsley Prescribing Guidelines in Psychiatry",
    difficulty: "medium",
  },
  {
    id: "psychiatry-11",
    topic: "Psychiatry",
    tags: [
      "psychiatry",
      "alcohol withdrawal",
      "delirium tremens",
      "dts",
      "alcohol use disorder",
      "substance use",
      "lorazepam",
      "thiamine",
      "wernicke",
      "cirrhosis",
    ],
    question:
      "A 50-year-old man with alcoholic cirrhosis (jaundice, ascites, INR 1.9) last drank 3 days ago. He is now agitated, disoriented, sweating and tremulous, sees insects crawling on the walls, and has pulse 124/min and temperature 38.2 C. What is the most appropriate treatment?",
    options: [
      "IV lorazepam plus parenteral thiamine before any glucose",
      "High fixed doses of oral chlordiazepoxide",
      "Haloperidol alone for the hallucinations",
      "Intravenous 25% dextrose now, with thiamine started the next day",
    ],
    correctIndex: 0,
    explanations: [
      "This is delirium tremens; benzodiazepines are the treatment, and in severe liver disease a short-acting drug cleared by glucuronidation without active metabolites, such as lorazepam, is preferred. High-dose parenteral thiamine prevents or treats Wernicke encephalopathy.",
      "Chlordiazepoxide is long-acting with active metabolites that depend on hepatic oxidation; in decompensated cirrhosis it accumulates and can precipitate oversedation or hepatic encephalopathy.",
      "Haloperidol does not treat the underlying withdrawal and lowers the seizure threshold; it is only an adjunct for hallucinations once benzodiazepines are on board.",
      "Giving glucose before thiamine to a thiamine-deficient patient can precipitate or worsen Wernicke encephalopathy.",
    ],
    takeaway:
      "Delirium tremens: benzodiazepines (lorazepam or oxazepam if liver disease is severe) plus parenteral thiamine before glucose.",
    reference:
      "NICE clinical guideline CG100: Alcohol-use disorders: diagnosis and management of physical complications; Kaplan & Sadock's Synopsis of Psychiatry",
    difficulty: "hard",
  },
  {
    id: "psychiatry-12",
    topic: "Psychiatry",
    tags: [
      "psychiatry",
      "delirium",
      "acute confusional state",
      "dementia",
      "delirium vs dementia",
      "elderly",
      "geriatrics",
      "uti",
      "cognitive impairment",
    ],
    question:
      "An 80-year-old woman, independent and mentally sharp a week ago, has had 2 days of confusion that fluctuates through the day and is worst at night. She is drowsy at times, cannot keep her attention on a conversation or say the months backwards, and picks at the bedclothes. Urine dipstick shows nitrites and leucocytes. What is the most likely diagnosis?",
    options: [
      "Alzheimer's disease",
      "Late-onset schizophrenia",
      "Depressive pseudodementia",
      "Delirium",
    ],
    correctIndex: 3,
    explanations: [
      "Alzheimer's disease develops insidiously over months to years with relatively clear consciousness and preserved attention in its early stages.",
      "Late-onset schizophrenia presents with delusions and hallucinations in clear consciousness, not fluctuating inattention and drowsiness.",
      "Depressive pseudodementia develops over weeks with low mood and 'don't know' answers, without clouding of consciousness.",
      "Acute onset, a fluctuating course, inattention and altered level of consciousness define delirium; the likely trigger here is a urinary infection. Treat the cause and use non-drug measures first.",
    ],
    takeaway:
      "Delirium = acute onset, fluctuating course, inattention and altered consciousness (Confusion Assessment Method); dementia is gradual with clear consciousness.",
    reference:
      "NICE clinical guideline CG103: Delirium: prevention, diagnosis and management; Oxford Handbook of Clinical Medicine",
    difficulty: "easy",
  },
  {
    id: "psychiatry-13",
    topic: "Psychiatry",
    tags: [
      "psychiatry",
      "suicide",
      "suicide risk",
      "self-harm",
      "deliberate self-harm",
      "dsh",
      "risk assessment",
      "sad persons",
    ],
    question:
      "When assessing suicide risk, which factor is the strongest single predictor of eventual death by suicide?",
    options: [
      "A previous suicide attempt",
      "Female sex",
      "Being married",
      "Having been asked directly about suicidal thoughts during the interview",
    ],
    correctIndex: 0,
    explanations: [
      "A prior suicide attempt is the strongest single risk factor for death by suicide, especially in the year after the attempt.",
      "Women make more suicide attempts, but men die by suicide more often in most countries, including India.",
      "Marriage is generally protective; being single, divorced or widowed carries a higher risk.",
      "Asking directly about suicidal thoughts does not increase risk; it is an essential part of the assessment and often a relief to the patient.",
    ],
    takeaway:
      "Previous attempt is the strongest predictor of suicide; always ask directly about suicidal ideas, plans and means.",
    reference:
      "WHO: Preventing suicide, a global imperative (2014); Kaplan & Sadock's Synopsis of Psychiatry",
    difficulty: "medium",
  },
];

export default questions;
