/**
 * Reference data every database gets (demo or not): the spec's request lists with their exact ids (§3),
 * and the starting currencies, units and disciplines an engineering firm needs. Admins edit them in ManageTables.
 */

export const requestTypes = [
  [1, 'Bug Report'],
  [2, 'Feature Request'],
  [3, 'Enhancement'],
  [4, 'Support Request'],
  [5, 'Documentation'],
  [6, 'UI/UX Issue'],
  [7, 'Performance Issue'],
  [8, 'Security Concern'],
] as const;

export const requestModules = [
  [1, 'Dashboard'],
  [2, 'Projects'],
  [3, 'Quotes'],
  [4, 'Packages'],
  [5, 'Meetings'],
  [6, 'Proposals'],
  [7, 'Clients'],
  [8, 'Parts Management'],
  [9, 'PID Management'],
  [10, 'Reports'],
  [11, 'User Management'],
  [12, 'General System'],
] as const;

export const requestStatuses = [
  [1, 'Open'],
  [2, 'In Progress'],
  [3, 'Under Review'],
  [4, 'Testing'],
  [5, 'Completed'],
  [6, 'Closed'],
  [7, 'Stalled'],
  [8, 'Rejected'],
] as const;

export const requestPriorities = [
  [1, 'Lowest'],
  [2, 'Low'],
  [3, 'Low-Medium'],
  [4, 'Medium'],
  [5, 'Medium'],
  [6, 'Medium-High'],
  [7, 'High'],
  [8, 'High'],
  [9, 'Critical'],
  [10, 'Emergency'],
] as const;

export const currencies = [
  { code: 'USD', name: 'US dollar', symbol: '$', decimals: 2 },
  { code: 'EUR', name: 'Euro', symbol: '€', decimals: 2 },
  { code: 'GBP', name: 'Pound sterling', symbol: '£', decimals: 2 },
  { code: 'AUD', name: 'Australian dollar', symbol: 'A$', decimals: 2 },
  { code: 'CAD', name: 'Canadian dollar', symbol: 'C$', decimals: 2 },
  { code: 'CLP', name: 'Chilean peso', symbol: '$', decimals: 0 },
  { code: 'ARS', name: 'Argentine peso', symbol: '$', decimals: 2 },
  { code: 'PEN', name: 'Peruvian sol', symbol: 'S/', decimals: 2 },
  { code: 'BRL', name: 'Brazilian real', symbol: 'R$', decimals: 2 },
  { code: 'ZAR', name: 'South African rand', symbol: 'R', decimals: 2 },
  { code: 'CNY', name: 'Chinese yuan', symbol: '¥', decimals: 2 },
  { code: 'JPY', name: 'Japanese yen', symbol: '¥', decimals: 0 },
  { code: 'SEK', name: 'Swedish krona', symbol: 'kr', decimals: 2 },
  { code: 'NOK', name: 'Norwegian krone', symbol: 'kr', decimals: 2 },
  { code: 'CHF', name: 'Swiss franc', symbol: 'CHF', decimals: 2 },
];

export const units = [
  { code: 'ea', name: 'Each', quantity: 'count' },
  { code: 'set', name: 'Set', quantity: 'count' },
  { code: 'lot', name: 'Lot', quantity: 'count' },
  { code: 'm', name: 'Metre', quantity: 'length' },
  { code: 'mm', name: 'Millimetre', quantity: 'length' },
  { code: 'kg', name: 'Kilogram', quantity: 'mass' },
  { code: 't', name: 'Tonne', quantity: 'mass' },
  { code: 'm³', name: 'Cubic metre', quantity: 'volume' },
  { code: 'L', name: 'Litre', quantity: 'volume' },
  { code: 'm³/h', name: 'Cubic metres per hour', quantity: 'flow' },
  { code: 'L/s', name: 'Litres per second', quantity: 'flow' },
  { code: 't/h', name: 'Tonnes per hour', quantity: 'mass_flow' },
  { code: 'kW', name: 'Kilowatt', quantity: 'power' },
  { code: 'MW', name: 'Megawatt', quantity: 'power' },
  { code: 'kPa', name: 'Kilopascal', quantity: 'pressure' },
  { code: 'bar(g)', name: 'Bar gauge', quantity: 'pressure' },
  { code: '°C', name: 'Degree Celsius', quantity: 'temperature' },
  { code: 'h', name: 'Hour', quantity: 'time' },
  { code: 'wk', name: 'Week', quantity: 'time' },
];

export const disciplines = [
  { code: 'PRO', name: 'Process' },
  { code: 'MEC', name: 'Mechanical' },
  { code: 'PIP', name: 'Piping' },
  { code: 'ELE', name: 'Electrical' },
  { code: 'INS', name: 'Instrumentation and control' },
  { code: 'CIV', name: 'Civil' },
  { code: 'STR', name: 'Structural' },
];
