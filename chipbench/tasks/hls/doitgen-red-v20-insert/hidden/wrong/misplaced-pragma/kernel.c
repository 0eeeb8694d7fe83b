#pragma ACCEL kernel

void kernel_doitgen(double A[25][20][30],double C4[30][30],double sum[30])
{
  int r;
  int q;
  int p;
  int s;
//#pragma scop
  
  
  for (r = 0; r < 25; r++) {
    
    
    for (q = 0; q < 20; q++) {
      
      
      for (p = 0; p < 30; p++) {
        double sum_tmp = 0.0;
	for (s = 0; s < 30; s++) {
#pragma ACCEL PIPELINE
          sum_tmp += A[r][q][s] * C4[s][p];
        }
	sum[p] = sum_tmp;
      }
      for (p = 0; p < 30; p++) {
        A[r][q][p] = sum[p];
      }
    }
  }
//#pragma endscop
}
