import styled from 'styled-components';
import { Fieldset } from './primitives';

const Radios = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem 1.5rem;
  label {
    display: inline-flex;
    gap: 0.5rem;
    align-items: center;
    min-height: 2.75rem;
    cursor: pointer;
  }
  input {
    width: 1.2rem;
    height: 1.2rem;
  }
`;

/** A native radio group under a legend: arrow keys move the choice, as browsers do. */
export function RadioGroup<T extends string>(props: {
  legend: string;
  name: string;
  values: readonly T[];
  checked: T;
  labelOf(value: T): string;
  onChange(value: T): void;
}) {
  return (
    <Fieldset>
      <legend>{props.legend}</legend>
      <Radios>
        {props.values.map((value) => (
          <label key={value}>
            <input
              type="radio"
              name={props.name}
              value={value}
              checked={props.checked === value}
              onChange={() => props.onChange(value)}
            />
            {props.labelOf(value)}
          </label>
        ))}
      </Radios>
    </Fieldset>
  );
}
