import { useState, type ReactNode } from 'react';
import { Button, Flex, Input, Select } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { readable, type EntryList, type Filters } from '../knowledgeApi.ts';
import styles from '../knowledge.module.css';

export type FilterLists = Pick<EntryList, 'kinds' | 'states' | 'causes'>;

interface SearchFormProps {
  filters: Filters;
  /** What the server filters by; undefined until it has said. */
  lists: FilterLists | undefined;
  onApply: (filters: Filters) => void;
}

/** A visible label above its field (a placeholder alone is no label). */
function Field({ id, label, wide = false, children }: { id: string; label: string; wide?: boolean; children: ReactNode }) {
  return (
    <Flex vertical gap={4} className={wide ? `${styles.field} ${styles.wideField}` : styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {children}
    </Flex>
  );
}

const choices = (values: readonly string[] | undefined, all: string, label: (value: string) => string = (value) => value) => [
  { value: '', label: all },
  ...(values ?? []).map((value) => ({ value, label: label(value) })),
];

/**
 * Words are searched when the form is sent; a kind, state or cause applies when chosen, together
 * with the words typed so far. Each select has an "All" choice, reachable by keyboard like the rest.
 */
export function SearchForm({ filters, lists, onApply }: SearchFormProps) {
  const [text, setText] = useState(filters.query);
  // Back and forward change the address under the form: the box follows it.
  const [shownQuery, setShownQuery] = useState(filters.query);
  if (shownQuery !== filters.query) {
    setShownQuery(filters.query);
    setText(filters.query);
  }
  const apply = (change: Partial<Filters>) => {
    onApply({ ...filters, query: text.trim(), ...change });
  };

  return (
    <form
      role="search"
      aria-label="Knowledge Base"
      onSubmit={(event) => {
        event.preventDefault();
        apply({});
      }}
    >
      <Flex wrap gap={12} align="flex-end">
        <Field id="knowledge-query" label="Search" wide>
          <Flex gap={8}>
            <Input
              id="knowledge-query"
              type="search"
              value={text}
              maxLength={200}
              placeholder="Names, places, topics…"
              onChange={(event) => {
                setText(event.target.value);
              }}
            />
            <Button type="primary" htmlType="submit" icon={<SearchOutlined aria-hidden="true" />}>
              Search
            </Button>
          </Flex>
        </Field>
        <Field id="knowledge-kind" label="Kind">
          <Select
            id="knowledge-kind"
            value={filters.kind}
            options={choices(lists?.kinds, 'All kinds', readable)}
            onChange={(kind: string) => {
              apply({ kind });
            }}
          />
        </Field>
        <Field id="knowledge-state" label="State">
          <Select
            id="knowledge-state"
            value={filters.state}
            showSearch={{ optionFilterProp: 'label' }}
            options={choices(lists?.states, 'All states')}
            onChange={(state: string) => {
              apply({ state });
            }}
          />
        </Field>
        <Field id="knowledge-cause" label="Cause">
          <Select
            id="knowledge-cause"
            value={filters.cause}
            showSearch={{ optionFilterProp: 'label' }}
            options={choices(lists?.causes, 'All causes', readable)}
            onChange={(cause: string) => {
              apply({ cause });
            }}
          />
        </Field>
      </Flex>
    </form>
  );
}
