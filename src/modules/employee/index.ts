import { type ModuleDescriptor, resolver } from '../module';
import { Employee } from './employee.entity';
import { EmployeeResolver } from './employee.resolver';
import { EMPLOYEE_ROUTES } from './employee.routes';
import { EmployeeService } from './employee.service';

/** The employee directory. */
export const employeeModule: ModuleDescriptor = {
  name: 'employee',
  entities: [Employee],
  resolvers: [resolver(EmployeeResolver, () => new EmployeeResolver(new EmployeeService()))],
  routes: EMPLOYEE_ROUTES,
};
