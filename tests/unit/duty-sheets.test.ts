import { describe, expect, it } from 'vitest';
import { absorbedKw, formatKw, powerCheck, sheetAbsorbedKw, sheetSlurrySg, slurrySg } from '../../src/lib/duty-sheets';

describe('slurry SG', () => {
  it('is 1 / (Cw/SGs + (1-Cw)/SGl), to 3 places, water unless given', () => {
    // 1 / (0.5/2.7 + 0.5/1) = 1 / 0.685185... = 1.459459...
    expect(slurrySg('2.7', '50', null)).toBe('1.459');
    // 1 / (0.65/2.8 + 0.35/1) = 1 / 0.582142... = 1.717791...
    expect(slurrySg('2.8', '65')).toBe('1.718');
    expect(slurrySg('2.8', '65', '1.05')).toBe(
      sheetSlurrySg({ solids_sg: '2.8', cw_percent: '65', liquid_sg: '1.05' }),
    );
    // 1 / (0.65/2.8 + 0.35/1.05) = 1 / 0.565476... = 1.768421...
    expect(slurrySg('2.8', '65', '1.05')).toBe('1.768');
  });
  it('is the liquid SG without solids, and nothing for impossible inputs', () => {
    expect(slurrySg(null, null)).toBe('1.000');
    expect(slurrySg('2.7', '0', '1.02')).toBe('1.020');
    expect(slurrySg('2.7', '120')).toBeNull();
    expect(slurrySg('-1', '40')).toBeNull();
  });
});

describe('absorbed power', () => {
  it('is rho x g x Q x H / efficiency in kW to 0.1 kW (the worked example)', () => {
    // 1.45 x 1000 x 9.81 x (1200/3600) x 35 / 0.72 / 1000 = 230.4947...
    expect(absorbedKw('1200', '35', '1.45', '72')).toBe('230.5');
    expect(absorbedKw(1200, 35, 1.45, 72)).toBe('230.5');
  });
  it('is exact where floats are not: water at 3600 m3/h, 10 m, 100 % is 98.1 kW', () => {
    expect(absorbedKw('3600', '10', '1', '100')).toBe('98.1');
    // 1000 x 9.81 x (360/3600) x 25 / 0.5 / 1000 = 49.05 -> 49.1 (half away from zero)
    expect(absorbedKw('360', '25', '1', '50')).toBe('49.1');
  });
  it('needs every input and an efficiency above 0', () => {
    expect(absorbedKw(null, '35', '1.45', '72')).toBeNull();
    expect(absorbedKw('1200', '35', '1.45', '0')).toBeNull();
    expect(absorbedKw('1200', '', '1.45', '72')).toBeNull();
  });
  it('of a sheet row uses its slurry SG as kept (3 places) for each case', () => {
    const row = {
      solids_sg: '2.7',
      cw_percent: '50',
      pump_efficiency_percent: '72',
      flow_design_m3h: '1200',
      head_design_m: '35',
      flow_min_m3h: '800',
      head_min_m: '30',
    };
    // SG 1.459: 1459 x 9.81 x (1200/3600) x 35 / 0.72 / 1000 = 231.9254...
    expect(sheetAbsorbedKw(row, 'design')).toBe('231.9');
    // 1459 x 9.81 x (800/3600) x 30 / 0.72 / 1000 = 132.5288...
    expect(sheetAbsorbedKw(row, 'min')).toBe('132.5');
    expect(sheetAbsorbedKw(row, 'normal')).toBeNull();
  });
});

describe('power check', () => {
  it('says when the design case absorbs more than the motor', () => {
    expect(powerCheck('412.3', '400.00')).toBe('Absorbed 412.3 kW at the design case exceeds the 400 kW motor');
    expect(powerCheck('1190.1', '900')).toBe('Absorbed 1,190.1 kW at the design case exceeds the 900 kW motor');
  });
  it('holds at or under the rating, or when a figure is missing', () => {
    expect(powerCheck('400.0', '400')).toBeNull();
    expect(powerCheck('230.5', '1100')).toBeNull();
    expect(powerCheck(null, '400')).toBeNull();
    expect(powerCheck('500', null)).toBeNull();
  });
  it('formats kW without trailing zeros, thousands grouped', () => {
    expect(formatKw('1100.00')).toBe('1,100');
    expect(formatKw('230.50')).toBe('230.5');
    expect(formatKw(null)).toBe('');
  });
});
