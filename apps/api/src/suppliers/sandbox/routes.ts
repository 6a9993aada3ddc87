/**
 * The sandbox's flight network, written the way airlines publish it: who flies where, on which
 * weekdays, at what local time. Each route is flown in both directions; the return leaves the
 * outstation after a turnaround (see schedules.ts).
 *
 * Sudan: Port Sudan (PZU) is the international gateway since 2023; Khartoum (KRT) reopened for
 * domestic flights in late 2025; Dongola, Kassala and El Obeid are thin domestic routes flown one
 * to three days a week. UAE carriers suspended Sudan in 2023, so no route joins a Sudanese airport
 * with DXB, AUH or SHJ: travellers connect via Doha, Jeddah, Cairo, Addis Ababa or Istanbul.
 */

export interface Frequency {
  /** ISO weekdays it operates, 1 = Monday ... 7 = Sunday, e.g. '1357'. */
  days: string;
  /** Local departure time at the route's `from` airport, HH:mm. */
  departure: string;
}

export interface RouteDefinition {
  airline: string;
  /** Where the aircraft is based: the outbound leaves here, the return comes back here. */
  from: string;
  to: string;
  /** Flight number of the first outbound; its return is +1, the next frequency +2 and +3, and so on. */
  number: number;
  frequencies: Frequency[];
}

const DAILY = '1234567';

/** Sudanese carriers and the foreign carriers that serve Sudan, with hand-set numbers and times. */
export const sudanRoutes: RouteDefinition[] = [
  // Sudan Airways
  { airline: 'SD', from: 'PZU', to: 'JED', number: 111, frequencies: [{ days: DAILY, departure: '07:30' }] },
  { airline: 'SD', from: 'PZU', to: 'RUH', number: 121, frequencies: [{ days: '246', departure: '11:00' }] },
  { airline: 'SD', from: 'PZU', to: 'CAI', number: 211, frequencies: [{ days: '1357', departure: '09:10' }] },
  { airline: 'SD', from: 'PZU', to: 'JUB', number: 301, frequencies: [{ days: '2', departure: '10:30' }] },
  { airline: 'SD', from: 'PZU', to: 'KRT', number: 11, frequencies: [{ days: '135', departure: '15:00' }] },
  { airline: 'SD', from: 'PZU', to: 'DOG', number: 21, frequencies: [{ days: '14', departure: '07:00' }] },
  { airline: 'SD', from: 'KRT', to: 'EBD', number: 31, frequencies: [{ days: '37', departure: '08:30' }] },
  { airline: 'SD', from: 'PZU', to: 'KSL', number: 41, frequencies: [{ days: '6', departure: '12:00' }] },
  // Tarco Aviation
  { airline: '3T', from: 'PZU', to: 'JED', number: 101, frequencies: [{ days: DAILY, departure: '15:00' }] },
  { airline: '3T', from: 'PZU', to: 'RUH', number: 141, frequencies: [{ days: '1357', departure: '06:40' }] },
  { airline: '3T', from: 'PZU', to: 'DMM', number: 151, frequencies: [{ days: '25', departure: '08:15' }] },
  { airline: '3T', from: 'PZU', to: 'CAI', number: 401, frequencies: [{ days: '24567', departure: '13:30' }] },
  { airline: '3T', from: 'PZU', to: 'KRT', number: 11, frequencies: [{ days: DAILY, departure: '10:30' }] },
  { airline: '3T', from: 'PZU', to: 'JUB', number: 321, frequencies: [{ days: '6', departure: '09:20' }] },
  { airline: '3T', from: 'PZU', to: 'EBB', number: 331, frequencies: [{ days: '4', departure: '09:00' }] },
  { airline: '3T', from: 'PZU', to: 'KSL', number: 51, frequencies: [{ days: '2', departure: '16:30' }] },
  // Badr Airlines
  { airline: 'J4', from: 'PZU', to: 'JED', number: 101, frequencies: [{ days: DAILY, departure: '06:10' }] },
  { airline: 'J4', from: 'PZU', to: 'RUH', number: 141, frequencies: [{ days: '247', departure: '08:30' }] },
  { airline: 'J4', from: 'PZU', to: 'DMM', number: 151, frequencies: [{ days: '36', departure: '10:00' }] },
  { airline: 'J4', from: 'PZU', to: 'DOH', number: 171, frequencies: [{ days: '136', departure: '07:50' }] },
  { airline: 'J4', from: 'PZU', to: 'KWI', number: 181, frequencies: [{ days: '26', departure: '11:40' }] },
  { airline: 'J4', from: 'PZU', to: 'CAI', number: 301, frequencies: [{ days: DAILY, departure: '16:45' }] },
  { airline: 'J4', from: 'PZU', to: 'IST', number: 401, frequencies: [{ days: '25', departure: '05:30' }] },
  { airline: 'J4', from: 'PZU', to: 'KRT', number: 11, frequencies: [{ days: '246', departure: '17:30' }] },
  { airline: 'J4', from: 'PZU', to: 'DOG', number: 21, frequencies: [{ days: '6', departure: '09:00' }] },
  // Foreign carriers into Port Sudan
  {
    airline: 'MS',
    from: 'CAI',
    to: 'PZU',
    number: 855,
    frequencies: [
      { days: DAILY, departure: '10:05' },
      { days: '57', departure: '21:40' },
    ],
  },
  {
    airline: 'ET',
    from: 'ADD',
    to: 'PZU',
    number: 338,
    frequencies: [
      { days: DAILY, departure: '08:40' },
      { days: '1357', departure: '20:30' },
    ],
  },
  { airline: 'SV', from: 'JED', to: 'PZU', number: 463, frequencies: [{ days: DAILY, departure: '12:20' }] },
  { airline: 'SV', from: 'RUH', to: 'PZU', number: 1891, frequencies: [{ days: '246', departure: '09:35' }] },
  { airline: 'XY', from: 'JED', to: 'PZU', number: 261, frequencies: [{ days: '1357', departure: '14:10' }] },
  { airline: 'XY', from: 'RUH', to: 'PZU', number: 491, frequencies: [{ days: '25', departure: '16:00' }] },
  { airline: 'F3', from: 'JED', to: 'PZU', number: 291, frequencies: [{ days: '246', departure: '18:20' }] },
  { airline: 'QR', from: 'DOH', to: 'PZU', number: 1373, frequencies: [{ days: '13467', departure: '08:05' }] },
];

/**
 * A carrier's spokes from one hub. `spokes` lists destinations with a frequency code:
 * none or `d` daily, `d2`/`d3`... that many daily flights, `w3` three days a week.
 * Departure times come from the hub's banks (waves timed for connections); numbers count up from `base`.
 */
export interface HubDefinition {
  airline: string;
  hub: string;
  base: number;
  banks: string[];
  spokes: string;
}

export const hubRoutes: HubDefinition[] = [
  {
    airline: 'MS',
    hub: 'CAI',
    base: 50,
    banks: ['06:30', '09:40', '14:30', '18:20', '21:45'],
    spokes: 'HBE:d2 ASW:d2 LXR:d2 HRG:d2 SSH:d2',
  },
  {
    airline: 'MS',
    hub: 'CAI',
    base: 600,
    banks: ['07:30', '09:40', '11:15', '14:30', '17:20', '20:45', '23:10'],
    spokes:
      'JED:d3 RUH:d2 DMM:d MED:d TIF:w3 AHB:w2 DOH:d2 DXB:d2 AUH:d SHJ:w4 KWI:d2 BAH:d MCT:d AMM:d2 BEY:d BGW:d EBL:w4 ' +
      'ADD:d NBO:d EBB:w4 JUB:w3 KGL:w4 DAR:w3 MGQ:w2 JIB:w2 ASM:w3 NDJ:w3 TUN:d ALG:d CMN:d TIP:w4 IST:d2 SAW:w3 ATH:d ' +
      'LHR:d2 LGW:w3 MAN:w3 CDG:d FRA:d MUC:d AMS:d BRU:d FCO:d MXP:d MAD:d BCN:w5 ZRH:d GVA:w4 VIE:d ARN:w4 CPH:w4 OSL:w3 ' +
      'JFK:d IAD:w4 YYZ:w4 BKK:d KUL:w4 CAN:d PEK:w4 NRT:w3 ICN:w3 BOM:w5 DEL:w3 LOS:w5 ABV:w3 ACC:w4 JNB:w4 DKR:w2',
  },
  {
    airline: 'SV',
    hub: 'JED',
    base: 300,
    banks: ['02:10', '07:00', '09:30', '13:15', '16:40', '20:30', '23:45'],
    spokes:
      'RUH:d3 DMM:d2 MED:d2 AHB:d TIF:d CAI:d2 HBE:w3 ASM:w2 DOH:d DXB:d AUH:d KWI:d BAH:d MCT:w4 AMM:d BEY:w4 BGW:w3 ADD:d NBO:w4 ' +
      'IST:d LHR:d CDG:w5 FRA:w4 MAD:w3 KUL:d BKK:w4 DEL:w5 BOM:w5 KHI:d ISB:d LHE:d DAC:d CMB:w3 CAN:w3 JFK:w4 IAD:w3 ' +
      'TUN:w4 ALG:w3 CMN:w3',
  },
  {
    airline: 'SV',
    hub: 'RUH',
    base: 1000,
    banks: ['01:40', '08:10', '11:30', '15:20', '19:45', '22:50'],
    spokes:
      'DMM:d2 MED:d AHB:d TIF:w4 CAI:d2 DXB:d DOH:w5 KWI:d BAH:d AMM:d BEY:w3 IST:d LHR:d CDG:w4 FRA:w4 GVA:w2 MAN:w3 ' +
      'KUL:w4 DEL:d KHI:d LHE:d ISB:w5 DAC:d PEK:w3 JFK:w5 IAD:w3',
  },
  {
    airline: 'XY',
    hub: 'JED',
    base: 100,
    banks: ['06:15', '09:05', '12:40', '15:55', '19:10', '22:30'],
    spokes:
      'RUH:d3 DMM:d MED:d CAI:d HBE:w3 ASW:w2 SSH:w2 DXB:d SHJ:w3 AMM:w4 BGW:w3 EBL:w3 IST:d SAW:w4 AYT:w2 ADD:w3 KHI:w4 ISB:w3 LHE:w4',
  },
  {
    airline: 'XY',
    hub: 'RUH',
    base: 300,
    banks: ['06:05', '09:25', '13:10', '17:35', '21:20'],
    spokes: 'DMM:d2 MED:w5 CAI:d DXB:d AMM:w3 BGW:w2 EBL:w2 IST:d SAW:w3 ESB:w2 KHI:w3 LHE:w3 DAC:w3',
  },
  {
    airline: 'F3',
    hub: 'JED',
    base: 100,
    banks: ['06:30', '10:20', '14:40', '18:05', '21:50'],
    spokes: 'RUH:d3 DMM:d MED:d TIF:w4 AHB:w4 CAI:d AMM:w3 IST:w4',
  },
  { airline: 'F3', hub: 'RUH', base: 400, banks: ['07:15', '12:30', '17:45', '22:15'], spokes: 'DMM:d MED:w4 CAI:w4' },
  {
    airline: 'QR',
    hub: 'DOH',
    base: 100,
    banks: ['01:45', '02:30', '07:35', '08:20', '13:40', '16:05', '19:50', '20:35'],
    spokes:
      'JED:d3 RUH:d3 DMM:d2 MED:d2 TIF:w4 CAI:d3 KWI:d3 BAH:d3 MCT:d3 DXB:d3 AUH:d SHJ:d AMM:d2 BEY:d2 BGW:d EBL:d ADD:d NBO:d ' +
      'EBB:d KGL:d DAR:d ZNZ:d MGQ:d TUN:d ALG:d CMN:d IST:d3 SAW:d ESB:w4 ATH:d LHR:d4 LGW:d MAN:d2 CDG:d2 FRA:d2 MUC:d AMS:d ' +
      'BRU:d FCO:d MXP:d MAD:d BCN:d ZRH:d GVA:d VIE:d ARN:d CPH:d OSL:d KUL:d2 SIN:d2 BKK:d2 CAN:d PEK:d PVG:d HKG:d ICN:d ' +
      'NRT:d BOM:d2 DEL:d2 KHI:d2 ISB:d LHE:d DAC:d2 CMB:d2 JFK:d2 IAD:d ORD:d LOS:d ABV:w4 ACC:d JNB:d2 CPT:d SYD:d',
  },
  {
    airline: 'EK',
    hub: 'DXB',
    base: 1,
    banks: ['02:45', '03:30', '07:40', '08:45', '14:20', '15:25', '21:20', '22:05'],
    spokes:
      'JED:d3 RUH:d3 DMM:d2 MED:d CAI:d3 KWI:d3 BAH:d2 MCT:d2 DOH:d2 AMM:d2 BEY:d2 BGW:d ADD:d NBO:d EBB:d DAR:d ZNZ:w5 MGQ:w4 ' +
      'TUN:d ALG:d CMN:d IST:d3 SAW:d ATH:d LHR:d4 LGW:d MAN:d3 CDG:d2 FRA:d2 MUC:d2 AMS:d BRU:d FCO:d2 MXP:d2 MAD:d BCN:d ' +
      'ZRH:d GVA:d VIE:d ARN:d CPH:d OSL:d KUL:d2 SIN:d3 BKK:d3 CAN:d PEK:d PVG:d HKG:d2 ICN:d NRT:d BOM:d3 DEL:d3 KHI:d3 ' +
      'ISB:d LHE:d2 DAC:d2 CMB:d2 JFK:d2 IAD:d ORD:d LOS:d ABV:w4 ACC:d DKR:w5 JNB:d3 CPT:d2 SYD:d2',
  },
  {
    airline: 'FZ',
    hub: 'DXB',
    base: 500,
    banks: ['04:30', '08:55', '10:15', '15:40', '19:30', '23:35'],
    spokes:
      'JED:d2 RUH:d2 DMM:d2 MED:d TIF:w4 AHB:d KWI:d2 BAH:d2 MCT:d2 DOH:d AMM:d BEY:d BGW:d2 EBL:d ADD:d JUB:w4 ASM:w3 MGQ:w4 ' +
      'DAR:w4 ZNZ:w4 EBB:w3 IST:d SAW:d AYT:w4 ESB:w3 KHI:d2 LHE:w5 DAC:d CMB:w4 ALG:w3 CAI:d',
  },
  {
    airline: 'EY',
    hub: 'AUH',
    base: 1,
    banks: ['02:20', '08:05', '09:40', '14:45', '21:30'],
    spokes:
      'JED:d2 RUH:d2 DMM:d MED:d CAI:d2 KWI:d BAH:d MCT:d AMM:d BEY:d NBO:d IST:d ATH:w4 LHR:d3 MAN:d2 CDG:d FRA:d MUC:d ' +
      'AMS:d BRU:d FCO:d MXP:d MAD:d BCN:w5 ZRH:d GVA:d VIE:d CPH:w5 KUL:d SIN:d BKK:d2 PVG:d PEK:w4 HKG:d ICN:d NRT:d ' +
      'BOM:d2 DEL:d2 KHI:d ISB:d LHE:d DAC:d CMB:d JFK:d ORD:d IAD:w4 YYZ:d',
  },
  {
    airline: 'G9',
    hub: 'SHJ',
    base: 100,
    banks: ['03:45', '07:25', '10:50', '15:30', '19:20', '23:55'],
    spokes:
      'CAI:d2 HBE:w4 ASW:w3 LXR:w3 SSH:w2 JED:d2 RUH:d2 DMM:d MED:d TIF:w4 AHB:w4 KWI:d2 BAH:d MCT:d2 DOH:d AMM:d BEY:d BGW:d ' +
      'EBL:d ADD:w4 NBO:w4 KHI:d ISB:d LHE:d DAC:d CMB:d IST:d SAW:d BOM:d DEL:d',
  },
  {
    airline: 'ET',
    hub: 'ADD',
    base: 500,
    banks: ['08:25', '09:10', '10:35', '13:40', '22:35', '23:20'],
    spokes:
      'JUB:d NBO:d2 MBA:w4 EBB:d KGL:d DAR:d ZNZ:w5 MGQ:d JIB:d2 NDJ:w5 LOS:d ABV:d ACC:d DKR:w5 JNB:d2 CPT:w5 CAI:d JED:d2 ' +
      'RUH:d DMM:d MED:w3 DOH:d DXB:d2 SHJ:w4 KWI:w4 BAH:w4 MCT:w4 BEY:w4 IST:d LHR:d CDG:w5 FRA:d BRU:w5 FCO:w5 MXP:w5 ' +
      'MAD:w4 VIE:w4 ARN:w4 CPH:w3 OSL:w3 ATH:w3 DEL:d BOM:d BKK:d KUL:w5 SIN:d CAN:d PEK:d PVG:d HKG:d ICN:d NRT:d IAD:d ' +
      'ORD:w4 YYZ:d',
  },
  {
    airline: 'KQ',
    hub: 'NBO',
    base: 100,
    banks: ['06:20', '08:30', '10:45', '16:30', '23:55'],
    spokes:
      'MBA:d3 EBB:d2 KGL:d DAR:d2 ZNZ:d JUB:w5 ADD:d MGQ:w4 ACC:w5 LOS:d ABV:w4 DKR:w3 JNB:d CPT:w3 DXB:d JED:w3 LHR:d ' +
      'CDG:w5 AMS:d JFK:d BOM:w5 BKK:w4 CAN:w3',
  },
  {
    airline: 'UR',
    hub: 'EBB',
    base: 300,
    banks: ['07:30', '10:45', '15:20', '22:45'],
    spokes: 'NBO:d JUB:d KGL:w4 DAR:w5 MBA:w3 ZNZ:w3 JNB:w3 DXB:d LGW:w3 BOM:w3',
  },
  {
    airline: 'WB',
    hub: 'KGL',
    base: 400,
    banks: ['06:40', '10:10', '16:40', '23:10'],
    spokes: 'NBO:d EBB:d DAR:d ZNZ:w4 JUB:w3 LOS:w4 ACC:w3 JNB:w5 DXB:d DOH:d LGW:w4 BRU:w3',
  },
  {
    airline: 'TK',
    hub: 'IST',
    base: 600,
    banks: ['01:30', '06:45', '07:50', '09:55', '13:05', '14:35', '18:40', '20:20', '23:45'],
    spokes:
      'ADD:d NBO:d EBB:w4 KGL:w4 DAR:d ZNZ:w4 MGQ:d JIB:w3 NDJ:w3 TUN:d2 ALG:d2 CMN:d TIP:d CAI:d3 HBE:w4 HRG:w4 SSH:w4 ' +
      'LXR:w3 JED:d3 RUH:d2 DMM:d MED:d DOH:d2 DXB:d3 AUH:d SHJ:d KWI:d2 BAH:d MCT:d AMM:d2 BEY:d2 BGW:d2 EBL:d AYT:d4 ESB:d4 ' +
      'LHR:d4 LGW:d MAN:d2 CDG:d3 FRA:d3 MUC:d2 AMS:d2 BRU:d2 FCO:d2 MXP:d2 MAD:d2 BCN:d2 ZRH:d2 GVA:d VIE:d2 ARN:d2 CPH:d ' +
      'OSL:d ATH:d3 KUL:d SIN:d BKK:d CAN:d PEK:d PVG:d HKG:d ICN:d NRT:d BOM:d DEL:d KHI:d ISB:d LHE:d DAC:d CMB:d JFK:d2 ' +
      'IAD:d ORD:d YYZ:d LOS:d ABV:d ACC:d DKR:d JNB:d CPT:w4',
  },
  {
    airline: 'PC',
    hub: 'SAW',
    base: 1000,
    banks: ['00:50', '06:25', '08:40', '12:10', '16:55', '20:35'],
    spokes:
      'AYT:d4 ESB:d4 JED:d RUH:w5 DMM:w4 MED:w4 DXB:d SHJ:w4 KWI:d BAH:w4 AMM:d BEY:d BGW:d EBL:d CAI:d HRG:w3 SSH:w3 ' +
      'TUN:w5 ALG:w4 CMN:w3 TIP:w4 LGW:d MAN:w4 AMS:d BRU:d FCO:w5 MXP:w5 MAD:w4 BCN:w5 ZRH:w5 VIE:d ARN:w4 CPH:w4 OSL:w3',
  },
  {
    airline: 'RJ',
    hub: 'AMM',
    base: 100,
    banks: ['02:30', '08:15', '10:30', '15:45', '22:10'],
    spokes:
      'CAI:d2 JED:d2 RUH:d DMM:d MED:d DOH:d DXB:d2 AUH:d KWI:d BAH:d MCT:w4 BEY:d2 BGW:d2 EBL:d TUN:w4 ALG:w3 CMN:w3 ' +
      'IST:d2 LHR:d2 CDG:d FRA:d AMS:d BRU:w4 FCO:d MXP:w4 MAD:w3 VIE:w4 ATH:d BKK:w4 KUL:w3 JFK:d ORD:w4',
  },
  {
    airline: 'GF',
    hub: 'BAH',
    base: 1,
    banks: ['02:15', '08:35', '13:50', '20:40'],
    spokes:
      'CAI:d2 JED:d2 RUH:d2 DMM:d MED:w5 DOH:d DXB:d3 AUH:d KWI:d2 MCT:d AMM:d BEY:d BGW:d IST:d ATH:w5 LHR:d2 CDG:d FRA:d ' +
      'MAN:w4 BKK:d SIN:w4 KHI:d ISB:d LHE:d DAC:d BOM:d DEL:d CMB:w4',
  },
  {
    airline: 'KU',
    hub: 'KWI',
    base: 100,
    banks: ['01:50', '07:40', '10:25', '15:30', '21:15'],
    spokes:
      'CAI:d3 JED:d2 RUH:d2 DMM:d MED:d DOH:d DXB:d2 BAH:d MCT:d AMM:d BEY:d IST:d2 LHR:d CDG:w5 FRA:w5 MUC:w4 FCO:w4 ' +
      'GVA:w4 MAN:w3 ISB:w4 LHE:w4 DAC:d CMB:w4 BOM:d DEL:d BKK:w5 JFK:w3',
  },
  {
    airline: 'WY',
    hub: 'MCT',
    base: 100,
    banks: ['02:05', '08:20', '10:40', '16:15', '22:30'],
    spokes:
      'CAI:d JED:d RUH:d DMM:d MED:w4 DOH:d DXB:d KWI:d BAH:d AMM:w5 IST:d LHR:d CDG:d FRA:d MUC:d ZRH:w4 MXP:w4 AMS:w3 ' +
      'KUL:d BKK:d BOM:d DEL:d KHI:d ISB:w4 LHE:w4 DAC:d CMB:d ZNZ:w3 DAR:w3',
  },
  {
    airline: 'ME',
    hub: 'BEY',
    base: 200,
    banks: ['03:05', '08:25', '11:45', '15:30', '21:45'],
    spokes:
      'CAI:d2 JED:d RUH:d DMM:d DOH:d2 DXB:d3 AUH:d KWI:d2 BAH:d AMM:d2 BGW:d EBL:d IST:d2 LHR:d2 CDG:d3 FRA:d FCO:d ' +
      'MXP:w5 MAD:w3 GVA:d BRU:d ATH:d CPH:w3',
  },
  {
    airline: 'AT',
    hub: 'CMN',
    base: 200,
    banks: ['07:40', '10:20', '15:25', '23:30'],
    spokes:
      'CAI:w5 JED:d RUH:w3 DOH:w4 DXB:w3 TUN:d NDJ:w3 DKR:d ABV:w3 LOS:w4 ACC:w4 IST:d LHR:d LGW:d MAN:w4 CDG:d3 FRA:d ' +
      'AMS:d2 BRU:d2 FCO:d MXP:d MAD:d2 BCN:d GVA:w5 VIE:w3 CPH:w3 JFK:d IAD:w4 YYZ:w4',
  },
  {
    airline: 'TU',
    hub: 'TUN',
    base: 700,
    banks: ['08:00', '11:30', '15:45', '19:10'],
    spokes:
      'CAI:d JED:d RUH:w2 DOH:w3 DXB:w4 ALG:d CMN:d TIP:d IST:d AMM:w2 BEY:w3 DKR:w3 NDJ:w2 LHR:w5 CDG:d3 FRA:d MUC:w4 ' +
      'AMS:w4 BRU:d FCO:d MXP:d MAD:w3 BCN:w3 ZRH:w4 GVA:d VIE:w3',
  },
  {
    airline: 'AH',
    hub: 'ALG',
    base: 1000,
    banks: ['07:50', '11:20', '15:05', '20:30'],
    spokes:
      'TUN:d CAI:d JED:d DOH:w3 DXB:w3 AMM:w2 BEY:w2 IST:d DKR:w3 ABV:w2 LHR:d CDG:d4 FRA:w4 AMS:w3 BRU:d FCO:w5 MXP:w5 ' +
      'MAD:d BCN:d GVA:d PEK:w2',
  },
  {
    airline: 'LH',
    hub: 'FRA',
    base: 400,
    banks: ['07:05', '09:40', '12:15', '15:50', '18:20', '21:55'],
    spokes:
      'MUC:d4 CAI:d JED:w4 RUH:w5 DOH:d DXB:d AMM:w5 BEY:w5 ADD:w5 NBO:d IST:d2 LHR:d4 MAN:d2 CDG:d4 AMS:d3 BRU:d3 FCO:d3 ' +
      'MXP:d3 MAD:d3 BCN:d3 ZRH:d3 GVA:d2 VIE:d3 ARN:d3 CPH:d3 OSL:d2 ATH:d2 TUN:w4 ALG:w4 CMN:w4 AYT:w4 BKK:d SIN:d PEK:d ' +
      'PVG:d HKG:d ICN:d NRT:d BOM:d DEL:d JFK:d2 IAD:d ORD:d YYZ:d JNB:d CPT:w4 LOS:w5 ABV:w4',
  },
  {
    airline: 'LH',
    hub: 'MUC',
    base: 1600,
    banks: ['07:15', '10:05', '12:40', '16:10', '19:20', '22:00'],
    spokes:
      'CAI:w5 LHR:d3 CDG:d3 AMS:d2 BRU:d FCO:d2 MAD:d2 BCN:d2 VIE:d2 ATH:d2 ZRH:d2 ARN:d2 CPH:d2 OSL:d MAN:d IST:d JFK:d ' +
      'ORD:d PVG:d ICN:d NRT:d DEL:d BKK:w5',
  },
  {
    airline: 'BA',
    hub: 'LHR',
    base: 100,
    banks: ['06:50', '07:20', '09:35', '11:50', '14:25', '17:40', '20:55', '22:30'],
    spokes:
      'MAN:d6 CAI:d RUH:d DOH:d2 DXB:d3 AUH:d KWI:d BAH:d MCT:d AMM:d BEY:w5 IST:d2 CDG:d4 FRA:d4 MUC:d3 AMS:d4 BRU:d2 ' +
      'FCO:d3 MXP:d2 MAD:d3 BCN:d3 ZRH:d3 GVA:d3 VIE:d2 ARN:d2 CPH:d2 OSL:d2 ATH:d2 TUN:w4 ALG:w3 CMN:w4 KUL:d SIN:d2 ' +
      'BKK:d HKG:d2 PVG:d PEK:w4 ICN:d NRT:d BOM:d2 DEL:d2 ISB:w3 LHE:w3 JFK:d6 IAD:d2 ORD:d2 YYZ:d2 LOS:d ABV:d ACC:d ' +
      'JNB:d CPT:d NBO:d',
  },
  {
    airline: 'AF',
    hub: 'CDG',
    base: 1000,
    banks: ['07:25', '10:00', '13:20', '16:35', '19:05', '23:20'],
    spokes:
      'CAI:d RUH:w4 DXB:d AMM:w4 BEY:d NBO:w5 NDJ:w4 JIB:w2 TUN:d3 ALG:d3 CMN:d3 IST:d2 LHR:d4 MAN:d2 FRA:d3 MUC:d2 AMS:d3 ' +
      'FCO:d3 MXP:d2 MAD:d3 BCN:d3 ZRH:d2 GVA:d3 VIE:d2 ARN:d2 CPH:d2 OSL:d ATH:d2 SIN:d BKK:d PEK:d PVG:d HKG:d ICN:d NRT:d ' +
      'BOM:d DEL:d JFK:d3 IAD:d ORD:d YYZ:d LOS:d ABV:w5 ACC:d DKR:d JNB:d CPT:w5',
  },
  {
    airline: 'KL',
    hub: 'AMS',
    base: 1000,
    banks: ['07:10', '09:40', '12:25', '14:45', '17:30', '21:15'],
    spokes:
      'CAI:d DMM:w4 DXB:d BAH:w4 KWI:w4 NBO:d KGL:w4 EBB:w4 DAR:d ZNZ:w3 IST:d2 LHR:d4 MAN:d3 CDG:d3 FRA:d2 MUC:d2 FCO:d2 ' +
      'MXP:d2 MAD:d2 BCN:d2 ZRH:d2 GVA:d VIE:d2 ARN:d2 CPH:d2 OSL:d2 ATH:d SIN:d KUL:d BKK:d PEK:d PVG:d HKG:d ICN:d NRT:d ' +
      'DEL:d JFK:d2 IAD:d ORD:d YYZ:d LOS:d ABV:w4 ACC:d JNB:d CPT:w5',
  },
];
