/** How the drills report (infra/drill/README.md): time-stamped lines, and checks that each print PASS or FAIL. */

/** Prints `message` after the time of day (hh:mm:ss.mmm, UTC). */
export const say = (message) => console.log(`${new Date().toISOString().slice(11, 23)} ${message}`);

/** The drill's checks so far (`results`: name and ok) and `check(name, ok, detail)`, which adds one and prints it. */
export function checker() {
  const results = [];
  const check = (name, ok, detail) => {
    results.push({ name, ok });
    say(`${ok ? 'PASS' : 'FAIL'}  ${name}: ${detail}`);
  };
  return { results, check };
}
