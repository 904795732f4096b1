// The booking emulator's demo catalogue and its slot calendar. Slots are not
// stored: they follow from each experience's daily timetable, from the
// sandbox's today for BOOKING_WINDOW_DAYS days, so a fresh sandbox always has
// something to book whatever its clock says. Only holds and orders are state.

export const BOOKING_WINDOW_DAYS = 30;
export const CURRENCY = 'USD';

export interface DemoLocation {
  id: string;
  name: string;
  city: string;
  address: string;
}

export interface DemoExperience {
  id: string;
  locationId: string;
  name: string;
  description: string;
  durationMinutes: number;
  /** Per place, in the location's currency. */
  price: number;
  /** Places per slot. */
  capacity: number;
  /** Daily start times, HH:MM in the venue's day (UTC in the sandbox). */
  startTimes: string[];
}

export interface Catalogue {
  locations: DemoLocation[];
  experiences: DemoExperience[];
}

const hourly = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `${String(from + i).padStart(2, '0')}:00`);

export function demoCatalogue(): Catalogue {
  return {
    locations: [
      { id: 'loc-riverside', name: 'Riverside Fun Center', city: 'Springfield', address: '12 River Road' },
      { id: 'loc-northgate', name: 'Northgate Family Park', city: 'Shelbyville', address: '400 Northgate Avenue' },
      { id: 'loc-harbor', name: 'Harbor Arcade & Bowl', city: 'Ogdenville', address: '3 Pier Street' },
    ],
    experiences: [
      {
        id: 'exp-laser-tag',
        locationId: 'loc-riverside',
        name: 'Laser Tag Arena',
        description: '30-minute laser tag mission, ages 7+',
        durationMinutes: 30,
        price: 15,
        capacity: 20,
        startTimes: hourly(10, 20),
      },
      {
        id: 'exp-bowling-lane',
        locationId: 'loc-riverside',
        name: 'Bowling Lane (1 hour)',
        description: 'One lane for up to 6 bowlers, shoes included',
        durationMinutes: 60,
        price: 12.5,
        capacity: 6,
        startTimes: hourly(10, 21),
      },
      {
        id: 'exp-escape-room',
        locationId: 'loc-riverside',
        name: 'Escape Room: The Lost Vault',
        description: 'Solve the vault in 60 minutes, 2 to 8 players',
        durationMinutes: 60,
        price: 28,
        capacity: 8,
        startTimes: ['12:00', '14:00', '16:00', '18:00', '20:00'],
      },
      // One party a slot: the capacity-1 slots make races for the last place easy to stage.
      {
        id: 'exp-party-package',
        locationId: 'loc-riverside',
        name: 'Birthday Party Package',
        description: 'Private party room for 2 hours, pizza and 10 game cards',
        durationMinutes: 120,
        price: 249.99,
        capacity: 1,
        startTimes: ['11:00', '14:00', '17:00'],
      },
      {
        id: 'exp-vr-arena',
        locationId: 'loc-northgate',
        name: 'VR Arena',
        description: 'Free-roam virtual reality, 40 minutes',
        durationMinutes: 40,
        price: 24,
        capacity: 10,
        startTimes: hourly(11, 19),
      },
      {
        id: 'exp-mini-golf',
        locationId: 'loc-northgate',
        name: 'Glow Mini Golf',
        description: '18 holes under black light',
        durationMinutes: 45,
        price: 9,
        capacity: 12,
        startTimes: hourly(10, 21),
      },
      {
        id: 'exp-go-karts',
        locationId: 'loc-harbor',
        name: 'Electric Go-Karts',
        description: '10-lap race, drivers 1.40 m and taller',
        durationMinutes: 20,
        price: 22,
        capacity: 10,
        startTimes: hourly(12, 21),
      },
      {
        id: 'exp-harbor-bowling',
        locationId: 'loc-harbor',
        name: 'Cosmic Bowling Lane',
        description: 'One lane, up to 6 bowlers, glow lights',
        durationMinutes: 60,
        price: 14.75,
        capacity: 6,
        startTimes: hourly(12, 22),
      },
    ],
  };
}

export interface SlotDefinition {
  slotId: string;
  experienceId: string;
  date: string;
  startTime: string;
  endTime: string;
  capacity: number;
  price: number;
}

/** "exp-laser-tag.20261122.1400": the experience, the day and the start, readable in logs. */
export function slotIdOf(experienceId: string, date: string, startTime: string): string {
  return `${experienceId}.${date.replaceAll('-', '')}.${startTime.replace(':', '')}`;
}

export function sandboxToday(now: Date): string {
  return now.toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function slotAt(experience: DemoExperience, date: string, start: string): SlotDefinition {
  const startsAt = new Date(`${date}T${start}:00Z`);
  const endsAt = new Date(startsAt.getTime() + experience.durationMinutes * 60_000);
  return {
    slotId: slotIdOf(experience.id, date, start),
    experienceId: experience.id,
    date,
    startTime: startsAt.toISOString().replace('.000Z', 'Z'),
    endTime: endsAt.toISOString().replace('.000Z', 'Z'),
    capacity: experience.capacity,
    price: experience.price,
  };
}

/** True when date is inside the bookable window that starts on the sandbox's today. */
export function inWindow(date: string, now: Date): boolean {
  const today = sandboxToday(now);
  return date >= today && date < addDays(today, BOOKING_WINDOW_DAYS);
}

/** The slots of an experience on a day: empty outside the window. */
export function slotsOn(experience: DemoExperience, date: string, now: Date): SlotDefinition[] {
  if (!inWindow(date, now)) return [];
  return experience.startTimes.map((start) => slotAt(experience, date, start));
}

/** The slot a slot id names, if it names one of this catalogue's slots in the window. */
export function findSlot(catalogue: Catalogue, slotId: string, now: Date): SlotDefinition | undefined {
  const match = /^(.+)\.(\d{4})(\d{2})(\d{2})\.(\d{2})(\d{2})$/.exec(slotId);
  if (!match) return undefined;
  const [, experienceId, y, m, d, hh, mm] = match;
  const experience = catalogue.experiences.find((e) => e.id === experienceId);
  const start = `${hh}:${mm}`;
  if (!experience || !experience.startTimes.includes(start)) return undefined;
  const date = `${y}-${m}-${d}`;
  return inWindow(date, now) ? slotAt(experience, date, start) : undefined;
}
