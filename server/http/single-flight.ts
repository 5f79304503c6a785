// One render per key at a time (bench/README.md change 60): when a stored page or
// answer goes (its TTL, or a new catalogue generation), every connection asking for it missed
// at once and rendered the same thing concurrently, each render slowed by the others. Here the
// first miss of a key leads; later misses of the same key in the same generation wait for it
// to land, then look the store up again, so that they get only what a hit would give them.
// A flight belongs to one generation: a miss in a newer generation never waits for an older
// render (its result could not be served to it anyway).

type Flight = { generation: number; landed: Promise<void>; land: () => void };

/** Either lead (render, then call land) or wait for the flight under way. */
export type Joined = { lead: true; land: () => void } | { lead: false; landed: Promise<void> };

export function createFlights() {
  const flights = new Map<string, Flight>();

  function join(key: string, generation: number): Joined {
    const under = flights.get(key);
    if (under && under.generation === generation) return { lead: false, landed: under.landed };
    let land = () => {};
    const landed = new Promise<void>((resolve) => {
      land = () => {
        // Only this flight's own entry: a newer generation's flight may have replaced it.
        if (flights.get(key) === flight) flights.delete(key);
        resolve();
      };
    });
    const flight: Flight = { generation, landed, land };
    flights.set(key, flight);
    return { lead: true, land };
  }

  return { join, size: () => flights.size };
}

export type Flights = ReturnType<typeof createFlights>;
