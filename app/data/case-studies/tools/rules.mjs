// The case-study files' format (docs/case-studies.md): the authoring checker
// (check.mjs) and the migration build (build-migration.ts) apply these rules.
const SPECIALTIES = ["medicine", "surgery", "obstetrics", "paediatrics", "emergency"];
const SUBJECTS = [
  "Medicine",
  "Surgery",
  "Obstetrics & Gynaecology",
  "Paediatrics",
  "Orthopaedics",
  "Psychiatry",
  "Dermatology",
  "ENT",
  "Ophthalmology",
  "Anaesthesia",
  "Community Medicine",
  "Forensic Medicine",
];
const SYSTEMS = [
  "General",
  "Cardiovascular",
  "Respiratory",
  "Abdomen",
  "Neurological",
  "Local",
  "Obstetric",
  "Skin",
  "ENT/Eyes",
  "Musculoskeletal",
];
const TOP_KEYS = [
  "id",
  "title",
  "specialty",
  "subject",
  "difficulty",
  "setting",
  "patient",
  "presentingComplaint",
  "vitals",
  "timeline",
  "history",
  "examination",
  "investigations",
  "differentials",
  "diagnosis",
  "management",
  "disposition",
  "idealPath",
  "teachingPoints",
  "references",
];
const VITAL_KEYS = ["pulse", "bp", "rr", "spo2", "temp", "gcs", "glucose", "weightKg"];
/**
 * One case file's problems against the format: `errors` must be fixed,
 * `warnings` are for the reviewer. `fileName` is the file's base name.
 */
export function caseProblems(c, fileName) {
  const errs = [],
    warns = [];
  const E = (m) => errs.push(m),
    W = (m) => warns.push(m);
  for (const k of TOP_KEYS) if (!(k in c)) E("missing key " + k);
  for (const k of Object.keys(c)) if (!TOP_KEYS.includes(k)) E("unexpected key " + k);
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(c.id || "")) E("id not kebab-case");
  if (fileName !== c.id + ".json") E("file name does not match id");
  if (!SPECIALTIES.includes(c.specialty)) E("bad specialty " + c.specialty);
  if (!SUBJECTS.includes(c.subject)) E("bad subject " + c.subject);
  if (!["core", "advanced"].includes(c.difficulty)) E("bad difficulty");
  if (!["district", "tertiary"].includes(c.setting)) E("bad setting");
  const p = c.patient || {};
  for (const k of ["name", "age", "sex", "summary"])
    if (typeof p[k] !== "string" || !p[k]) E("patient." + k + " missing");
  if (!["male", "female"].includes(p.sex)) E("patient.sex");
  if (!/^\d+ (years|months|days|weeks)$/.test(p.age || "")) E("patient.age format: " + p.age);
  const ageYears = /years/.test(p.age) ? parseInt(p.age) : 0;
  const checkVitals = (v, where) => {
    if (!v || typeof v !== "object") {
      E(where + " missing");
      return;
    }
    for (const k of ["pulse", "bp", "rr", "spo2", "temp"])
      if (!(k in v)) E(where + "." + k + " missing");
    for (const k of Object.keys(v)) if (!VITAL_KEYS.includes(k)) E(where + " unexpected key " + k);
    for (const k of ["pulse", "rr", "spo2", "temp", "gcs", "glucose", "weightKg"])
      if (k in v && typeof v[k] !== "number") E(where + "." + k + " not a number");
    if (typeof v.bp !== "string" || !/^\d{2,3}\/\d{2,3}$/.test(v.bp)) E(where + ".bp format");
    if (v.spo2 > 100 || v.spo2 < 40) W(where + ".spo2 odd " + v.spo2);
    if (v.gcs !== undefined && (v.gcs < 3 || v.gcs > 15)) E(where + ".gcs out of range");
    if (v.temp < 30 || v.temp > 44) W(where + ".temp odd");
    if (ageYears < 18 && !("weightKg" in v)) E(where + ".weightKg required for child");
  };
  checkVitals(c.vitals, "vitals");
  const t = c.timeline || {};
  if (typeof t.deteriorateAfterMinutes !== "number") E("timeline.deteriorateAfterMinutes");
  if (!Array.isArray(t.criticalActions) || !t.criticalActions.length)
    E("timeline.criticalActions empty");
  if (typeof t.deterioration !== "string") E("timeline.deterioration");
  checkVitals(t.vitalsAfter, "timeline.vitalsAfter");

  const ids = new Set();
  const uniq = (id, where) => {
    if (!id) E(where + " without id");
    else if (ids.has(id)) E("duplicate id " + id);
    else ids.add(id);
  };
  const range = (arr, lo, hi, name) => {
    if (!Array.isArray(arr)) {
      E(name + " not array");
      return false;
    }
    if (arr.length < lo || arr.length > hi) E(`${name} count ${arr.length} not in ${lo}-${hi}`);
    return true;
  };
  if (range(c.history, 10, 16, "history"))
    for (const h of c.history) {
      uniq(h.id, "history");
      if (!/^h-/.test(h.id)) W("history id prefix " + h.id);
      for (const k of ["question", "answer"])
        if (typeof h[k] !== "string" || !h[k]) E(h.id + "." + k);
      if (typeof h.minutes !== "number") E(h.id + ".minutes");
      if (!["essential", "useful", "low"].includes(h.value)) E(h.id + ".value " + h.value);
      const extra = Object.keys(h).filter(
        (k) => !["id", "question", "answer", "minutes", "value"].includes(k),
      );
      if (extra.length) E(h.id + " extra keys " + extra);
    }
  if (range(c.examination, 6, 10, "examination"))
    for (const x of c.examination) {
      uniq(x.id, "exam");
      if (!/^e-/.test(x.id)) W("exam id prefix " + x.id);
      if (!SYSTEMS.includes(x.system)) E(x.id + " bad system " + x.system);
      for (const k of ["label", "finding"])
        if (typeof x[k] !== "string" || !x[k]) E(x.id + "." + k);
      if (typeof x.minutes !== "number") E(x.id + ".minutes");
      if (!["essential", "useful", "low"].includes(x.value)) E(x.id + ".value");
      const extra = Object.keys(x).filter(
        (k) => !["id", "system", "label", "finding", "minutes", "value"].includes(k),
      );
      if (extra.length) E(x.id + " extra keys " + extra);
    }
  if (range(c.investigations, 10, 16, "investigations")) {
    const vals = new Set();
    for (const i of c.investigations) {
      uniq(i.id, "inv");
      if (!/^i-/.test(i.id)) W("inv id prefix " + i.id);
      for (const k of ["name", "result", "why"])
        if (typeof i[k] !== "string" || !i[k]) E(i.id + "." + k);
      if (typeof i.minutes !== "number") E(i.id + ".minutes");
      if (!i.cost || typeof i.cost.district !== "number" || typeof i.cost.tertiary !== "number")
        E(i.id + ".cost");
      if (
        !i.available ||
        typeof i.available.district !== "boolean" ||
        typeof i.available.tertiary !== "boolean"
      )
        E(i.id + ".available");
      else if (!i.available[c.setting] && i.value === "necessary")
        W(i.id + " necessary but unavailable in case setting");
      if (!["necessary", "useful", "wasteful"].includes(i.value)) E(i.id + ".value");
      vals.add(i.value);
      const extra = Object.keys(i).filter(
        (k) =>
          !["id", "name", "result", "minutes", "cost", "available", "value", "why"].includes(k),
      );
      if (extra.length) E(i.id + " extra keys " + extra);
    }
    for (const v of ["necessary", "wasteful"]) if (!vals.has(v)) W("no " + v + " investigation");
  }
  if (range(c.differentials, 4, 6, "differentials"))
    for (const d of c.differentials) {
      uniq(d.id, "diff");
      if (!/^d-/.test(d.id)) W("diff id prefix " + d.id);
      for (const k of ["label", "fits"]) if (typeof d[k] !== "string" || !d[k]) E(d.id + "." + k);
    }
  const diffIds = (c.differentials || []).map((d) => d.id);
  if (!c.diagnosis || !diffIds.includes(c.diagnosis.correct))
    E("diagnosis.correct not in differentials");
  if (!c.diagnosis || typeof c.diagnosis.reasoning !== "string") E("diagnosis.reasoning");
  if (range(c.management, 8, 12, "management")) {
    const vals = c.management.map((m) => m.value);
    for (const m of c.management) {
      uniq(m.id, "mgmt");
      if (!/^m-/.test(m.id)) W("mgmt id prefix " + m.id);
      for (const k of ["action", "why"]) if (typeof m[k] !== "string" || !m[k]) E(m.id + "." + k);
      if (typeof m.minutes !== "number") E(m.id + ".minutes");
      if (!["essential", "appropriate", "unnecessary", "harmful"].includes(m.value))
        E(m.id + ".value");
      const extra = Object.keys(m).filter(
        (k) => !["id", "action", "minutes", "value", "why"].includes(k),
      );
      if (extra.length) E(m.id + " extra keys " + extra);
    }
    if (!vals.includes("harmful")) E("no harmful management option");
    if (!vals.includes("unnecessary")) E("no unnecessary management option");
    if (!vals.includes("essential")) E("no essential management option");
  }
  const mg = new Map((c.management || []).map((m) => [m.id, m]));
  for (const a of t.criticalActions || []) {
    if (!mg.has(a)) E("criticalAction not in management: " + a);
    else if (mg.get(a).value !== "essential") W("criticalAction not essential: " + a);
  }
  const d = c.disposition || {};
  if (range(d.options, 3, 5, "disposition.options")) {
    for (const o of d.options) {
      uniq(o.id, "disp");
      if (!/^x-/.test(o.id)) W("disp id prefix " + o.id);
      if (!o.label) E(o.id + ".label");
    }
    if (!d.options.some((o) => o.id === d.correct)) E("disposition.correct not in options");
  }
  if (typeof d.why !== "string") E("disposition.why");
  range(c.idealPath, 5, 8, "idealPath");
  range(c.teachingPoints, 3, 5, "teachingPoints");
  range(c.references, 1, 3, "references");
  // string checks
  const walk = (o, p) => {
    if (typeof o === "string") {
      if (o.length > 400) W(`long string (${o.length}) at ${p}`);
      if (/\*\*|__|^#|`|\[.+\]\(.+\)/.test(o)) W("markdown-like text at " + p);
      if (/\s{2,}$|^\s/.test(o)) W("whitespace at " + p);
    } else if (Array.isArray(o)) o.forEach((x, i) => walk(x, p + "[" + i + "]"));
    else if (o && typeof o === "object")
      for (const [k, v] of Object.entries(o)) walk(v, p + "." + k);
  };
  walk(c, "");
  // American spellings sanity
  const txt = JSON.stringify(c);
  for (const w of [
    "anemia",
    "hemoglobin",
    "pediatric",
    "edema",
    "hemorrhag",
    "esophag",
    "hematocrit",
    "leukocyt",
    "color",
    "center",
    "hemolys",
    "ischemi",
    "diarrhea",
    "tumor",
  ])
    if (new RegExp("\\b" + w, "i").test(txt)) W("American spelling: " + w);
  return { errors: errs, warnings: warns };
}
