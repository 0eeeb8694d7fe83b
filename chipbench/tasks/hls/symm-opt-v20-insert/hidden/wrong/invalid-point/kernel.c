
#pragma ACCEL kernel

void kernel_symm(double alpha,double beta,double C[60][80],double A[60][60],double B[60][80])
{
  int i;
  int j;
  int k;
//BLAS PARAMS
//SIDE = 'L'
//UPLO = 'L'
// =>  Form  C := alpha*A*B + beta*C
// A is MxM
// B is MxN
// C is MxN
//note that due to Fortran array layout, the code below more closely resembles upper triangular case in BLAS
  
#pragma ACCEL PIPELINE flatten
  
#pragma ACCEL TILE FACTOR=1
  
#pragma ACCEL PARALLEL FACTOR=1
  for (i = 0; i < 60; i++) {
    
#pragma ACCEL PIPELINE off
    
#pragma ACCEL TILE FACTOR=1
    
#pragma ACCEL PARALLEL FACTOR=1
    for (j = 0; j < 80; j++) {
      
      double tmp = B[i][j];
#pragma ACCEL PARALLEL FACTOR=1
      for (k = 0; k < 60; k++) {
        if (k < i) {
          C[k][j] += alpha * tmp * A[i][k];
        }
      }

      double temp2 = ((double )0);
#pragma ACCEL PARALLEL reduction=temp2 FACTOR=1
      for (k = 0; k < 60; k++) {
        if (k < i) {
          temp2 += B[k][j] * A[i][k];
        }
      }
      C[i][j] = beta * C[i][j] + alpha * B[i][j] * A[i][i] + alpha * temp2;
    }
  }
}
