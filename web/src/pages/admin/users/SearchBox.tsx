import { useEffect, useEffectEvent, useState } from 'react';
import { Input } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import styles from '../admin.module.css';

/** How long typing pauses before the table is searched: one call per pause, not per key. */
const SEARCH_DELAY_MS = 300;

/** The search by name or email; Enter searches at once. */
export function SearchBox({ search, onSearch }: { search: string; onSearch: (search: string) => void }) {
  const [text, setText] = useState(search);
  const [shown, setShown] = useState(search);
  // The search changed from outside (back button, a link): the box follows it.
  if (search !== shown) {
    setShown(search);
    if (search !== text.trim()) setText(search);
  }

  const searchFor = useEffectEvent(onSearch);
  useEffect(() => {
    const wanted = text.trim();
    if (wanted === search) return;
    const timer = setTimeout(() => {
      searchFor(wanted);
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [text, search]);

  return (
    <Input
      type="search"
      aria-label="Search by name or email"
      placeholder="Search by name or email"
      prefix={<SearchOutlined aria-hidden />}
      allowClear
      value={text}
      maxLength={200}
      className={styles.search}
      onChange={(event) => {
        setText(event.target.value);
      }}
      onPressEnter={() => {
        onSearch(text.trim());
      }}
    />
  );
}
