export default function Debug() {
  return <h1>Debug</h1>;
}
