import { Link } from "@remix-run/react";

export default function Home() {
  return (
    <section className="mx-auto max-w-7xl px-4 py-16">
      <h1 className="text-4xl font-bold">MedMentor</h1>
      <Link to="/features">Explore Features</Link>
    </section>
  );
}
