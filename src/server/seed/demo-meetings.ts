/**
 * The Cerro Azul weekly progress meetings (field guide §12 and §16): three meetings a week apart in
 * October 2025. The first meeting's open actions are carried to the second by Next meeting, as a user
 * would; the second's to the third. Dates are fixed in the past, so the actions left open are overdue
 * whenever the demo is looked at, and the overdue view has something to show.
 */

export type DemoMinute = {
  kind: 'information' | 'decision' | 'action';
  description: string;
  owner?: string;
  due_date?: string;
  status?: 'open' | 'done' | 'cancelled';
};

/** An action carried into this meeting (by its original's item number in the meeting before) that is closed here. */
export type DemoClosedCarry = { carriedItemNo: number; status: 'done' | 'cancelled' };

export type DemoMeeting = {
  meeting_date: string;
  agenda: string;
  minutes: DemoMinute[];
  closeCarried?: DemoClosedCarry[];
};

export const DEMO_MEETING_SERIES = 'Cerro Azul weekly progress';
export const DEMO_MEETING_PROJECT = 'Cerro Azul Copper Concentrator';

export const demoMeetingHeader = {
  title: 'Cerro Azul weekly progress meeting',
  series: DEMO_MEETING_SERIES,
  location: 'Teams: https://teams.example.com/l/meetup-join/cerro-azul-weekly',
  attendees:
    "Ana Torres (Minera Cerro Azul, owner's project manager)\nLuis Fuentes (Minera Cerro Azul, process)\nErin Engineer (Tagbase Engineering, lead mechanical)\nPriya Nair (Tagbase Engineering, electrical & instrumentation)\nTom Becker (Tagbase Engineering, project controls)",
  is_testdata: true,
};

export const demoMeetings: readonly DemoMeeting[] = [
  {
    meeting_date: '2025-10-07',
    agenda: '1. Safety moment\n2. Engineering progress\n3. Grinding mills package\n4. Open actions',
    minutes: [
      {
        kind: 'information',
        description: 'Safety moment: working at height on the SAG mill feed conveyor gantry during the site survey.',
      },
      {
        kind: 'information',
        description:
          'Engineering at 38 % against 41 % planned; the gap is in the instrument index (waiting on vendor data).',
      },
      {
        kind: 'decision',
        description: 'The SAG mill (200-ML-001) keeps a gearless drive; the dual-pinion option is closed.',
      },
      {
        kind: 'action',
        description: 'Issue the grinding mills bid evaluation to the client for comment.',
        owner: 'Erin Engineer',
        due_date: '2025-10-10',
        status: 'done',
      },
      {
        kind: 'action',
        description: 'Confirm the ball mill motor voltage (11 kV or 13.8 kV) with the utility.',
        owner: 'Priya Nair',
        due_date: '2025-10-14',
      },
      {
        kind: 'action',
        description: 'Send the tailings pump duty points (600-PP-001A/B) to the pump vendors.',
        owner: 'Luis Fuentes',
        due_date: '2025-10-17',
      },
    ],
  },
  {
    meeting_date: '2025-10-14',
    agenda: '1. Safety moment\n2. Engineering progress\n3. Flotation cell sizing\n4. Open actions',
    // The motor voltage (carried from item 5 of 2025-10-07) was confirmed this week.
    closeCarried: [{ carriedItemNo: 5, status: 'done' }],
    minutes: [
      {
        kind: 'information',
        description: 'Utility confirmed 13.8 kV at the main substation; ball mill motors follow.',
      },
      { kind: 'decision', description: 'Rougher flotation stays at seven 300 m³ cells; the eighth cell is not added.' },
      {
        kind: 'action',
        description: 'Update the single line diagram for 13.8 kV ball mill motors.',
        owner: 'Priya Nair',
        due_date: '2025-10-24',
      },
      {
        kind: 'action',
        description: 'Issue the P&ID for flotation (P&ID 300) for client review.',
        owner: 'Erin Engineer',
        due_date: '2025-10-21',
        status: 'done',
      },
      {
        kind: 'action',
        description: 'Review the cost report against the class 4 estimate.',
        owner: 'Tom Becker',
        due_date: '2025-10-20',
        status: 'cancelled',
      },
    ],
  },
  {
    meeting_date: '2025-10-21',
    agenda: '1. Safety moment\n2. Engineering progress\n3. Thickener and filtration\n4. Open actions',
    minutes: [
      {
        kind: 'information',
        description: 'Flotation P&ID issued for review on 2025-10-20; client comments due in two weeks.',
      },
      {
        kind: 'decision',
        description: 'Concentrate filtration by two filter presses (duty and standby), not one larger press.',
      },
      {
        kind: 'action',
        description: 'Size the concentrate thickener for the revised mass balance.',
        owner: 'Erin Engineer',
        due_date: '2025-10-31',
      },
      {
        kind: 'action',
        description: 'Collect vendor data sheets for the flotation level transmitters.',
        owner: 'Priya Nair',
        due_date: '2025-10-28',
      },
      {
        kind: 'action',
        description: 'Update the schedule for the filter press decision.',
        owner: 'Tom Becker',
        due_date: '2025-10-24',
        status: 'done',
      },
    ],
  },
];
