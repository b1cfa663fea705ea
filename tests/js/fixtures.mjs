// The fixtures of the page's unit tests: one JSON file a catalogue game, what the server sent seat 0
// in a seeded hand (tests/js_fixtures.py writes them; test_page_js.py writes them, then runs node).

import { readdirSync, readFileSync } from "node:fs";

const folder = new URL("./fixtures/", import.meta.url);

/** Every game's fixture: {game, states (seat 0's decisions), end (the snapshot with `last`), truth}. */
export function fixtures() {
  let files;
  try {
    files = readdirSync(folder).filter((name) => name.endsWith(".json"));
  } catch {
    throw new Error("no fixtures: run `python tests/js_fixtures.py` (or the pytest suite) first");
  }
  if (files.length < 40) throw new Error(`only ${files.length} fixtures: run \`python tests/js_fixtures.py\``);
  return files.sort().map((name) => JSON.parse(readFileSync(new URL(name, folder), "utf8")));
}

/** The page's module `name` (src/homegame/server/static/js/). */
export function page(name) {
  return import(new URL(`../../src/homegame/server/static/js/${name}`, import.meta.url));
}

/** A scene: a hand played to a chosen point (tests/js_fixtures.py SCENES), the shape of the snapshot's `last`. */
export function scene(name) {
  return JSON.parse(readFileSync(new URL(`scenes/${name}.json`, folder), "utf8"));
}
