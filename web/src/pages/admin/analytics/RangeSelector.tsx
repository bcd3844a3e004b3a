import { DatePicker, Flex, Radio } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { chooseRange, isSelectableEnd, isSelectableStart, RANGES, type Range, type RangeChoice } from './range.ts';

const RANGE_LABELS: Record<Range, string> = { '7d': 'Last 7 days', '30d': 'Last 30 days', '90d': 'Last 90 days', custom: 'Custom' };
const options = RANGES.map((range) => ({ value: range, label: RANGE_LABELS[range] }));

const dayOf = (date: Dayjs) => date.format('YYYY-MM-DD');
const dateOf = (day: string | null) => (day === null ? null : dayjs(day));

/** The range buttons, and for custom the start and end pickers that refuse future days and an end before the start. */
export function RangeSelector({ choice, today, onChange }: { choice: RangeChoice; today: string; onChange: (choice: RangeChoice) => void }) {
  return (
    <Flex wrap gap="middle" align="flex-end">
      <Radio.Group
        aria-label="Date range"
        optionType="button"
        buttonStyle="solid"
        options={options}
        value={choice.range}
        onChange={(event) => {
          onChange(chooseRange(event.target.value as Range));
        }}
      />
      {choice.range === 'custom' && (
        <>
          <Flex vertical gap={4}>
            <label htmlFor="analytics-start-date">Start date</label>
            <DatePicker
              id="analytics-start-date"
              value={dateOf(choice.startDate)}
              disabledDate={(date) => !isSelectableStart(dayOf(date), today, choice.endDate)}
              onChange={(date: Dayjs | null) => {
                onChange({ ...choice, startDate: date === null ? null : dayOf(date) });
              }}
            />
          </Flex>
          <Flex vertical gap={4}>
            <label htmlFor="analytics-end-date">End date</label>
            <DatePicker
              id="analytics-end-date"
              value={dateOf(choice.endDate)}
              disabledDate={(date) => !isSelectableEnd(dayOf(date), today, choice.startDate)}
              onChange={(date: Dayjs | null) => {
                onChange({ ...choice, endDate: date === null ? null : dayOf(date) });
              }}
            />
          </Flex>
        </>
      )}
    </Flex>
  );
}
